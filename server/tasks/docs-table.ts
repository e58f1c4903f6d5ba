/** The lifecycle's table as docs/lifecycle.md shows it (a test checks the doc holds exactly this). */
import { TRANSITIONS, TRANSITION_NAMES } from './transitions';

export function lifecycleTable(): string {
  const rows = TRANSITION_NAMES.map((name) => {
    const rule = TRANSITIONS[name];
    return `| \`${name}\` | ${rule.from.join(', ')} | ${rule.to ?? '(stays)'} | ${rule.by.join(', ')} | ${rule.says} |`;
  });
  return ['| transition | from | to | who | what |', '|---|---|---|---|---|', ...rows].join('\n');
}
