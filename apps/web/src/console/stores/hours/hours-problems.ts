/**
 * What is wrong with a draft of opening hours, each problem with a stable code (its message is
 * `hours.problem.<code>` of the console's texts) and where it is. The rules are the server's:
 * the day's times and the special dates are read by the same parsers (@locator/core
 * hours-text.ts), so a draft without problems is one the admin API accepts
 * (hours-problems.test.ts holds the two together); the codes say in words what they refuse.
 */
import { dayOfIsoDate, isTimeZone, parseTimes } from '@locator/core';
import { dayTimesText, type DayDraft, type HoursDraft } from './hours-draft';

export type HoursProblemCode =
  | 'timeMissing'
  | 'overlap'
  | 'dateMissing'
  | 'dateInvalid'
  | 'dateTwice'
  | 'nameQuote'
  | 'timeZone';

/**
 * Where: `week.<day>`, `week.<day>.<interval>`, `special.<entry>`, `special.<entry>.date`,
 * `special.<entry>.name`, `special.<entry>.<interval>` or `timeZone`.
 */
export interface HoursProblem {
  path: string;
  code: HoursProblemCode;
}

const TIME = /^\d{2}:\d{2}$/;

function dayProblems(day: DayDraft, path: string): HoursProblem[] {
  if (day.mode !== 'hours') return [];
  const missing = day.ranges.flatMap((r, i) =>
    TIME.test(r.open) && TIME.test(r.close)
      ? []
      : [{ path: `${path}.${i}`, code: 'timeMissing' as const }],
  );
  if (missing.length > 0) return missing;
  return parseTimes(dayTimesText(day)).ok ? [] : [{ path, code: 'overlap' }];
}

export function hoursProblems(draft: HoursDraft): HoursProblem[] {
  if (!draft.given) return [];
  const problems = draft.week.flatMap((day, d) => dayProblems(day, `week.${d}`));
  const seen = new Set<string>();
  draft.special.forEach((s, i) => {
    const path = `special.${i}`;
    if (s.date === '') problems.push({ path: `${path}.date`, code: 'dateMissing' });
    else if (dayOfIsoDate(s.date) === undefined)
      problems.push({ path: `${path}.date`, code: 'dateInvalid' });
    else if (seen.has(s.date)) problems.push({ path: `${path}.date`, code: 'dateTwice' });
    seen.add(s.date);
    if (s.name.includes('"')) problems.push({ path: `${path}.name`, code: 'nameQuote' });
    problems.push(...dayProblems(s, path));
  });
  if (draft.timeZone !== '' && !isTimeZone(draft.timeZone)) {
    problems.push({ path: 'timeZone', code: 'timeZone' });
  }
  return problems;
}

/** The problems at a path and below it (`week.0` has those of `week.0.1`). */
export function problemsAt(problems: readonly HoursProblem[], path: string): HoursProblem[] {
  return problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`));
}
