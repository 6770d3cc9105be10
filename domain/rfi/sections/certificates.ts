import { z } from 'zod';
import { withParams } from '../../messages.ts';
import { wireDay } from '../../date-time.ts';
import { hasValidity, isDay, validityIssues } from '../../certificates/certificate.ts';
import { defineSection, rowsOf, uniqueBy } from './define.ts';
import { bool, code, fileName, fileUrl, rows, text } from './kit.ts';

/**
 * Step 5: one row per certificate type of dictionary certificate_file, as `certificateList` (req rfi
 * §3, §5). certificateName is the uploaded file's name, as businessLicenseName is for its URL. A dated
 * certificate also carries its issuer, number and validity, which the supplier master keeps after admission.
 */

/** Req rfi §3: held or not must be answered for these, and a held one needs its file. */
export const REQUIRED_CERTIFICATE_TYPES = ['IATF16949', 'ISO14000', 'ISO45001'] as const;
export const CERTIFICATE_ROWS_MAX = 20;

/** A calendar day (yyyy-MM-dd), or not given. */
const day = text(10).refine((v) => v === undefined || isDay(v), { error: 'invalidDate' });

export const certificateRow = z.object({
  certificateType: code,
  certificateName: fileName,
  certificateFileUrl: fileUrl,
  hold: bool(),
  // Of a certificate with a validity (domain/certificates/certificate.ts): the supplier master watches its end.
  issuer: text(100),
  certificateNo: text(64),
  validFrom: day,
  validUntil: day,
});

const shape = () => z.object({ certificateList: rows(certificateRow, CERTIFICATE_ROWS_MAX) });

export type CertificateRow = z.output<typeof certificateRow>;
export type CertificatesSection = z.output<ReturnType<typeof shape>>;

export function isRequiredCertificate(type: unknown): boolean {
  return (REQUIRED_CERTIFICATE_TYPES as readonly unknown[]).includes(type);
}

export const certificates = defineSection({
  shape,
  fullRules(v, issues) {
    const list = rowsOf(v.certificateList);
    list.forEach((row, i) => {
      issues.require(row.certificateType, ['certificateList', i, 'certificateType']);
      if (!isRequiredCertificate(row.certificateType)) return;
      if (issues.require(row.hold, ['certificateList', i, 'hold'], 'chooseHold') && row.hold === true) {
        issues.require(row.certificateFileUrl, ['certificateList', i, 'certificateFileUrl'], 'uploadFile');
      }
    });
    // A certificate given with its file is dated where its kind has a validity: valid now, ending after it starts.
    list.forEach((row, i) => {
      if (!row.certificateFileUrl || !hasValidity(row.certificateType as string | undefined)) return;
      issues.require(row.validFrom, ['certificateList', i, 'validFrom'], 'enterValidFrom');
      issues.require(row.validUntil, ['certificateList', i, 'validUntil'], 'enterValidUntil');
      const problems = validityIssues(row as { validFrom?: string; validUntil?: string }, { today: wireDay(new Date()), isNew: true });
      for (const [field, message] of Object.entries(problems)) issues.add(['certificateList', i, field], message);
    });
    uniqueBy(issues, v.certificateList, 'certificateList', 'certificateType');
    for (const type of REQUIRED_CERTIFICATE_TYPES) {
      if (!list.some((r) => r.certificateType === type)) issues.add(['certificateList'], withParams('certificateMissing', { type }));
    }
  },
});
