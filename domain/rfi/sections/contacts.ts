import { z } from 'zod';
import { DEFAULT_AREA_CODE, phoneMaxDigits } from '../../fields.ts';
import { withParams } from '../../messages.ts';
import { defineSection, rowsOf } from './define.ts';
import { code, codeList, rows, text } from './kit.ts';

/** Step 2: contact rows (req rfi §3 "Contact row", req rfi §5 "Contacts"); the list is `contactList`. */

export const CONTACT_ROWS = { min: 1, max: 10 } as const;
/** The widest phone number (other area codes); +86 allows 11 (domain/fields.ts). */
const PHONE_MAX = 20;

export const contactRow = z.object({
  name: text(20),
  businessGroup: text(20),
  /** Dictionary position. */
  position: code,
  /** Small-category codes of the category tree. */
  categoryCodeList: codeList(100),
  /** Dictionary world_area_code; a new row starts with +86. */
  contactAreaCode: text(10),
  contactNumber: text(PHONE_MAX, withParams('phoneTooLong', { max: PHONE_MAX })),
  email: text(100),
  officeAddress: text(50),
});

const shape = () => z.object({ contactList: rows(contactRow, CONTACT_ROWS.max) });

export type ContactRow = z.output<typeof contactRow>;
export type ContactsSection = z.output<ReturnType<typeof shape>>;

export function newContactRow(): z.input<typeof contactRow> {
  return { name: '', businessGroup: '', position: null, categoryCodeList: [], contactAreaCode: DEFAULT_AREA_CODE, contactNumber: '', email: '', officeAddress: '' };
}

const isEmail = (s: string) => z.email().safeParse(s).success;

export const contacts = defineSection({
  shape,
  fullRules(v, issues) {
    issues.minRows(v.contactList, ['contactList'], CONTACT_ROWS.min);
    rowsOf(v.contactList).forEach((row, i) => {
      const at = ['contactList', i];
      issues.requireAll(row, at, { name: 'required', businessGroup: 'required', position: 'required', officeAddress: 'required', email: 'required' });
      issues.require(row.contactAreaCode, [...at, 'contactAreaCode'], 'enterAreaCode');
      if (issues.require(row.contactNumber, [...at, 'contactNumber'], 'enterPhone')) {
        const number = String(row.contactNumber);
        const max = phoneMaxDigits(row.contactAreaCode as string | undefined);
        if (!/^\d+$/.test(number)) issues.add([...at, 'contactNumber'], 'digitsOnly');
        else if (number.length > max) issues.add([...at, 'contactNumber'], withParams('phoneTooLong', { max }));
      }
      if (typeof row.email === 'string' && row.email && !isEmail(row.email)) issues.add([...at, 'email'], 'invalidEmail');
    });
  },
});
