#!/usr/bin/env node
// Checks the message catalogues against the code (DESIGN §8): every message the code defines
// (id + English `defaultMessage`, extracted with FormatJS) must have a Spanish and an Arabic
// translation that parses as ICU and uses the same arguments; no catalogue may keep an id the
// code no longer has, and one id must not carry two different English texts. Exit 1 with each
// problem listed; prints the message count per language otherwise.
// Usage: node scripts/check/catalogues.mjs
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { extract } from '@formatjs/cli-lib';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CATALOGUES = path.join(ROOT, 'src/lib/i18n/catalogues');
// The emails' catalogues live with their composer, which trusted code bundles without the app's.
const MAIL_CATALOGUES = path.join(ROOT, 'src/domain/mail/catalogues');
const LOCALES = ['es', 'ar'];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The argument names of a parsed message, sorted (plural/select/tag bodies included). */
function argumentsOf(elements, into = new Set()) {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal && element.type !== TYPE.pound) into.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return [...into].sort().join(',');
}

const problems = [];
const files = sourceFiles(path.join(ROOT, 'src'));
// `extract` with duplicate ids and different texts throws; report that as a problem too.
let english;
try {
  english = JSON.parse(await extract(files, { idInterpolationPattern: '[sha512:contenthash:base64:6]', throws: true }));
} catch (error) {
  console.error(`check-catalogues: ${error.message}`);
  process.exit(1);
}
for (const [id, { defaultMessage }] of Object.entries(english)) {
  if (!id.includes('.')) problems.push(`${id}: a message without an explicit id ("${defaultMessage}")`);
}

for (const locale of LOCALES) {
  const dir = path.join(CATALOGUES, locale);
  const catalogue = {};
  const catalogueFiles = [
    ...readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(dir, name)),
    path.join(MAIL_CATALOGUES, `${locale}.json`),
  ];
  for (const full of catalogueFiles) {
    const file = path.relative(CATALOGUES, full);
    const messages = JSON.parse(readFileSync(full, 'utf8'));
    for (const [id, message] of Object.entries(messages)) {
      if (id in catalogue) problems.push(`${locale}/${file}: "${id}" is also in another file`);
      catalogue[id] = { message, file };
    }
  }
  for (const [id, { defaultMessage }] of Object.entries(english)) {
    const entry = catalogue[id];
    if (!entry) {
      problems.push(`${locale}: missing "${id}" ("${defaultMessage}")`);
      continue;
    }
    try {
      const wanted = argumentsOf(parse(defaultMessage));
      const got = argumentsOf(parse(entry.message));
      if (wanted !== got) problems.push(`${locale}/${entry.file}: "${id}" uses {${got}}, the English {${wanted}}`);
    } catch (error) {
      problems.push(`${locale}/${entry.file}: "${id}" is not valid ICU: ${error.message}`);
    }
  }
  for (const [id, { file }] of Object.entries(catalogue)) {
    if (!(id in english)) problems.push(`${locale}/${file}: "${id}" is not in the code any more`);
  }
}

if (problems.length) {
  console.error(`check-catalogues: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-catalogues: ${Object.keys(english).length} messages, each in English, ${LOCALES.join(' and ')}.`);
