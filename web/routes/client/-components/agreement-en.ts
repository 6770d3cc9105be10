import { NOTICE_DATE, PRIVACY_MAILBOX, type NoticeDocument } from './agreement-types.ts';

export const noticeEn: NoticeDocument = {
  title: 'Registration Notice and Privacy Policy',
  updated: `Last updated: ${NOTICE_DATE}`,
  intro: [
    'Welcome to the Supplier Management Platform (the "Platform"). The Platform is operated by a vehicle manufacturer ("we", "us") for the registration, qualification and day-to-day collaboration of its direct-purchase suppliers.',
    'We understand how important your personal information is to you and process it as required by the Personal Information Protection Law of the People\'s Republic of China and other laws and regulations. Please read this policy carefully before you register; by ticking the consent box and submitting your registration you confirm that you have understood and agree to it.',
  ],
  sections: [
    {
      heading: '1. Why we need your personal information',
      paragraphs: [
        'To assess whether your company can become one of our direct-purchase suppliers, and to establish and maintain a purchasing relationship with it, we need to know about your company and about the contact persons it names. Without the necessary information we cannot complete the supplier registration, the certification or the later collaboration.',
      ],
    },
    {
      heading: '2. What types of information we collect',
      paragraphs: ['At registration we collect:'],
      items: [
        'company name, certification region, unified social credit code, company type, address, legal representative, registered capital and its currency, founding date, business term, taxpayer identification number and the products you intend to supply;',
        'the details of the contact person.',
      ],
      after: [
        'After registration, as the cooperation requires, we also collect: business information (nature of business, industry type, managed categories, delivery scope, website, company profile); contact information (name, gender, position, department, phone country code, mobile, landline, e-mail, ID number, address, default-contact flag); bank information (account type, bank name, head office name, bank branch code, account name, account number, primary-account flag, country, city, address); invoice information (bank, account, tax registration address and phone, invoice receiver e-mail and mobile); and the bank payment reference number that verifies that the bid deposit has been paid.',
      ],
    },
    {
      heading: '3. How we collect information',
      items: [
        'information you enter, upload or submit on the Platform;',
        'log data we record automatically when you use the Platform, such as browser type, device information, IP address and access time;',
        'cookies and similar technologies that keep you logged in and remember your language; you may clear or refuse cookies in your browser, but some functions may then not work.',
      ],
    },
    {
      heading: '4. How we use information',
      items: [
        'to carry out supplier registration, qualification review, certification, information changes, performance assessment and exit management;',
        'to contact you about certification tasks, review results and announcements;',
        'to record your operations on the Platform for traceability and audit;',
        'to keep the Platform and your account secure and to prevent fraud and abuse.',
      ],
      after: ['Should we need to use information for a purpose not stated in this policy, we will ask for your consent first.'],
    },
    {
      heading: '5. How we share, transfer or disclose information',
      paragraphs: [
        'We do not sell your personal information. We share it, only as far as necessary, with our internal departments and the expert reviewers taking part in the certification; with service providers that run information systems, e-mail or storage for us under confidentiality obligations; and where laws and regulations or competent authorities lawfully require it.',
        'If personal information has to be transferred in a merger, division or similar event, we will require the recipient to remain bound by this policy or will ask for your consent again. Unless laws and regulations require otherwise, we do not disclose your personal information publicly.',
      ],
    },
    {
      heading: '6. How we protect information',
      paragraphs: [
        'We protect your information with encrypted transmission, access control, least privilege, operation records and security audits against unauthorised access, use, modification or disclosure. Should a personal information security incident occur, we will inform you promptly and report it to the competent authority as the law requires.',
      ],
    },
    {
      heading: '7. Retention',
      paragraphs: [
        'We keep your information only as long as needed for the purposes of this policy, unless laws and regulations require otherwise. After that we delete or anonymise it. Your information is stored within mainland China.',
      ],
    },
    {
      heading: '8. Your rights',
      paragraphs: [
        'You have the right to access, copy, correct and complete your personal information, to request its deletion or the restriction of its processing, and to withdraw your consent and close your account. You can change information directly on the Platform or send a request to the contact given at the end of this policy; we will answer within fifteen working days.',
      ],
    },
    {
      heading: '9. Children',
      paragraphs: ['The Platform serves business users and does not provide services to persons under the age of 18. If we find that we have collected information of a minor by mistake, we will delete it as soon as possible.'],
    },
    {
      heading: '10. Changes to this policy',
      paragraphs: ['We may revise this policy from time to time. For material changes we will post a notice in a prominent place on the Platform or inform you by e-mail.'],
    },
    {
      heading: '11. Questions and complaints',
      paragraphs: [`If you have any question, comment or complaint about this policy or the processing of your personal information, please write to ${PRIVACY_MAILBOX}; we will answer within fifteen working days.`],
    },
  ],
  statementHeading: 'Statement for supplier users',
  statement: [
    {
      heading: 'Complaints and withdrawal of consent',
      paragraphs: [
        'You have the right to complain about the processing of personal information to us or to the competent personal information protection authority, and you may withdraw your consent at any time; withdrawal does not affect processing carried out on the basis of your consent before it.',
      ],
    },
    {
      heading: 'Age limit',
      paragraphs: ['The services of the Platform are not intended for persons under the age of 18.'],
    },
    {
      heading: 'Contact mailbox',
      paragraphs: [`Please send requests concerning personal information to: ${PRIVACY_MAILBOX}.`],
    },
    {
      heading: 'Policy changes and complaints',
      paragraphs: [
        'If you continue to use the Platform after this policy has changed, you accept the changed policy. If you are not satisfied with our answer, you may complain to the competent personal information protection authority or bring a lawsuit before a competent people\'s court.',
        'We do not, in principle, charge for reasonable requests; for requests that are repeated or go beyond a reasonable extent we may charge a fee covering our costs.',
      ],
    },
    {
      heading: 'When we cannot respond to a request',
      paragraphs: ['We cannot respond to your request where:'],
      items: [
        'it relates to our performance of obligations under laws and regulations;',
        'it directly relates to national security, national defence security or public security;',
        'it directly relates to criminal investigation, prosecution, trial or the enforcement of judgements;',
        'there is sufficient evidence that you act with malicious intent or abuse your rights;',
        'it serves to protect major lawful rights and interests such as the life or property of you or other persons and your consent is hard to obtain;',
        'responding would seriously harm the lawful rights and interests of you or other persons or organisations;',
        'it involves trade secrets;',
        'other cases provided for by laws and administrative regulations apply.',
      ],
    },
  ],
};
