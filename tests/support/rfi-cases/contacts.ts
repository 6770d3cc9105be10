import { withParams } from '#domain/messages.ts';
import { contactRow } from './fixtures.ts';
import { chars, maxLength, maxRows, minRows, type RuleTable, times } from './table.ts';

/** Req rfi §5 "Contacts (step 2)". */
export const contactsRules: RuleTable = {
  step: 'contacts',
  cases: [
    { it: 'needs at least one contact', set: { contactList: [] }, expect: { contactList: minRows(1) } },
    { it: 'takes 10 contacts', set: { contactList: times(10, contactRow) }, expect: {} },
    { it: 'refuses 11 contacts', set: { contactList: times(11, contactRow) }, expect: { contactList: maxRows(10) } },
    {
      it: 'asks for every field of a row',
      set: { 'contactList.0': { categoryCodeList: [] } },
      expect: {
        'contactList.0.name': 'required',
        'contactList.0.businessGroup': 'required',
        'contactList.0.position': 'required',
        'contactList.0.officeAddress': 'required',
        'contactList.0.email': 'required',
        'contactList.0.contactAreaCode': 'enterAreaCode',
        'contactList.0.contactNumber': 'enterPhone',
      },
    },
    {
      it: 'takes texts at their maxima',
      set: { 'contactList.0.name': chars(20), 'contactList.0.businessGroup': chars(20), 'contactList.0.officeAddress': chars(50), 'contactList.0.email': `${chars(88)}@example.com` },
      expect: {},
    },
    {
      it: 'refuses texts one over',
      set: { 'contactList.0.name': chars(21), 'contactList.0.businessGroup': chars(21), 'contactList.0.officeAddress': chars(51), 'contactList.0.email': `${chars(89)}@example.com` },
      expect: {
        'contactList.0.name': maxLength(20),
        'contactList.0.businessGroup': maxLength(20),
        'contactList.0.officeAddress': maxLength(50),
        'contactList.0.email': maxLength(100),
      },
    },
    { it: 'refuses a malformed e-mail', set: { 'contactList.0.email': 'zhang@' }, expect: { 'contactList.0.email': 'invalidEmail' } },
    { it: 'takes 11 digits with +86', set: { 'contactList.0.contactNumber': chars(11, '1') }, expect: {} },
    { it: 'refuses 12 digits with +86', set: { 'contactList.0.contactNumber': chars(12, '1') }, expect: { 'contactList.0.contactNumber': withParams('phoneTooLong', { max: 11 }) } },
    { it: 'takes 20 digits with another area code', set: { 'contactList.0.contactAreaCode': '+49', 'contactList.0.contactNumber': chars(20, '1') }, expect: {} },
    {
      it: 'refuses 21 digits with another area code',
      set: { 'contactList.0.contactAreaCode': '+49', 'contactList.0.contactNumber': chars(21, '1') },
      expect: { 'contactList.0.contactNumber': withParams('phoneTooLong', { max: 20 }) },
    },
    { it: 'wants digits only', set: { 'contactList.0.contactNumber': '138-0000-0000' }, expect: { 'contactList.0.contactNumber': 'digitsOnly' } },
    { it: 'marks the failing row', set: { contactList: [contactRow(), { ...contactRow(), email: 'x' }] }, expect: { 'contactList.1.email': 'invalidEmail' } },
    { it: 'draft: takes no contacts', variant: 'draft', set: { contactList: [] }, expect: {} },
    { it: 'draft: takes an incomplete row', variant: 'draft', set: { 'contactList.0': { name: '张三' } }, expect: {} },
    { it: 'draft: still refuses 11 rows', variant: 'draft', set: { contactList: times(11, contactRow) }, expect: { contactList: maxRows(10) } },
  ],
};
