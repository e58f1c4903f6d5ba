import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { type BoardFilters, boardSearchParams } from '../../src/ops-console/api';
import { lengthsOf, queryResolver } from '../../src/ops-console/form-values';
import { auditQuerySchema, boardQuerySchema, clientQuerySchema } from '../../src/shared/schemas/ops-console';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<BoardFilters>;
const filters: BoardFilters = { search: '', state: 'open', service: '', day: '', driver: '', attention: false };
const boardResolver = queryResolver(boardQuerySchema, (values: BoardFilters) => boardSearchParams(values, 1));

describe('queryResolver', () => {
  it('checks the query the form sends and keeps the form its own values', async () => {
    const values = { ...filters, search: '  0801 000 1234 ', attention: true };
    expect(await boardResolver(values, undefined, options)).toEqual({ values, errors: {} });
  });

  it("refuses with the server's own words, on the field that sent them", async () => {
    const result = await boardResolver({ ...filters, search: 'Adeola\u0007' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.search?.message).toBe('search must not contain control characters');
  });

  it('reads a problem of no one field as the root error', async () => {
    const days = z
      .object({ from: z.string(), to: z.string() })
      .refine((query) => query.from <= query.to, { error: 'from must not be after to' });
    const result = await queryResolver<{ from: string; to: string }>(days)(
      { from: '2026-12-07', to: '2026-12-01' },
      undefined,
      options as never,
    );
    expect(result.errors).toEqual({ root: expect.objectContaining({ message: 'from must not be after to' }) });
  });
});

describe('lengthsOf', () => {
  it('gives an input the lengths of its rule, optional or not, and nothing the rule does not set', () => {
    expect(lengthsOf(clientQuerySchema)).toEqual({ minLength: 3, maxLength: 254 });
    expect(lengthsOf(auditQuerySchema.shape.task)).toEqual({ minLength: undefined, maxLength: 100 });
  });
});
