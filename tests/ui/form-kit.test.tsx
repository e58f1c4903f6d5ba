// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rulesResolver } from '../../src/lib/form-resolver';
import { Button } from '../../src/ui/button';
import { FormError, TextField } from '../../src/ui/text-field';

afterEach(cleanup);

describe('the form kit', () => {
  it('a button is no submit unless it says so; busy disables it and says so', () => {
    const { rerender } = render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('button');
    rerender(
      <Button type="submit" busy busyText="Saving...">
        Save
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
    expect(busy.type).toBe('submit');
    expect(busy.disabled).toBe(true);
  });

  it("a field's error marks it invalid and is read with it; a form's problem is an alert", () => {
    render(
      <>
        <TextField label="Phone number" name="phone" error="Phone number is invalid" />
        <FormError message="No network" />
        <FormError message={null} />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Phone number is invalid');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Phone number is invalid',
      'No network',
    ]);
  });
});

describe('rulesResolver', () => {
  const resolver = rulesResolver<{ name: string }>(({ name }) => (name.trim() ? {} : { name: 'Name is required' }));

  it("gives each rule's message to its field, and the values when none is broken", async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    expect(await resolver({ name: ' ' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'rule', message: 'Name is required' } },
    });
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
  });

  it('in a form: nothing is sent while a rule is broken, and the message shows beside the field', async () => {
    const send = vi.fn();
    function NameForm() {
      const form = useForm<{ name: string }>({ defaultValues: { name: '' }, resolver });
      return (
        <form onSubmit={form.handleSubmit(send)}>
          <TextField label="Name" error={form.formState.errors.name?.message} {...form.register('name')} />
          <Button type="submit">Send</Button>
        </form>
      );
    }
    render(<NameForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name is required');
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith({ name: 'Ada' }, expect.anything()));
  });
});
