import { lockAdmittedFactories } from '#domain/rfi/admitted-factories.ts';
import { fileRefsOf } from '#domain/rfi/sections/file-fields.ts';
import { RFI_STEPS } from '#domain/rfi/steps.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { schemaOf } from '#services/rfi/questionnaire.ts';
import { badFields } from '../../api/http/storable-input.ts';
import { validSections } from '../support/rfi-cases/fixtures.ts';
import { largestStep } from './rfi-save.ts';
import { printTable } from './stats.ts';

/**
 * `npx tsx tests/bench/rfi-save-parts.ts`: the CPU each in-process part of the largest questionnaire save
 * costs (the step of tests/bench/rfi-save.ts), in µs per save, without HTTP or a database: what the API
 * process does with the body between reading it and sending the write. Every section's rules run first,
 * staff and supplier, draft and full, so zod's code is as varied as in a server (measured on a warm single
 * schema it looks about twice as cheap). The figures move with the load; compare parts within one run.
 */
const ROUNDS = 3000;

function cpuMicros(run: () => unknown): number {
  for (let i = 0; i < ROUNDS / 10; i++) run();
  const start = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / ROUNDS;
}

const sections = validSections();
for (let round = 0; round < 100; round++) {
  for (const { key } of RFI_STEPS) {
    const text = JSON.stringify(sections[key]);
    for (const staff of [false, true]) for (const variant of ['draft', 'full'] as const) schemaOf(key, variant, staff).safeParse(JSON.parse(text));
  }
}

const step = largestStep();
const bodyText = `{"data":${JSON.stringify(step)},"version":1}`;
const body = JSON.parse(bodyText) as { data: Record<string, unknown> };
// What the save reads back: the same step saved before (no admitted factory, as in the benchmark).
const stored = JSON.parse(JSON.stringify(step)) as Record<string, unknown>;
const rules = schemaOf('factories', 'full', false);
const locked = lockAdmittedFactories(stored, body.data);
if (!('values' in locked)) throw new Error('The largest step has no admitted factory to keep');
const sent = locked.values;
const parsed = rules.safeParse(sent);
if (!parsed.success) throw new Error(`The largest step does not pass its rules: ${parsed.error.message}`);
const token = newToken();

const parts: Array<[string, number]> = [
  ['the body parsed (JSON.parse)', cpuMicros(() => JSON.parse(bodyText))],
  ['the storable-text walk', cpuMicros(() => badFields(body))],
  ['the session and the link hashed (2× SHA-256)', cpuMicros(() => [hashToken(token), hashToken(token)])],
  ['the admitted-factory lock', cpuMicros(() => lockAdmittedFactories(stored, body.data))],
  ["the step's rules (zod, full)", cpuMicros(() => rules.safeParse(sent))],
  ['the file references', cpuMicros(() => fileRefsOf(parsed.data))],
  ['the section as JSON for the write', cpuMicros(() => JSON.stringify(parsed.data))],
];
const total = parts.reduce((sum, [, us]) => sum + us, 0);
printTable(`The largest save's in-process parts (${bodyText.length} characters of body), CPU per save`, [
  ...parts.map(([name, us]): [string, string] => [name, `${us.toFixed(1)} µs (${((us / total) * 100).toFixed(0)} %)`]),
  ['all of them', `${total.toFixed(1)} µs`],
]);
