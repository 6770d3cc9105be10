import { describe, expect, it } from 'vitest';
import { checklistSubmittedMail, checklistToSupplierMail, invitationMail, taskNotificationMail, verificationCodeMail } from './templates.ts';

describe('mail templates', () => {
  it('writes the invitation in the recipient language with the login link', () => {
    const link = 'https://suppliers.example.com/client/login/abc123';
    const zh = invitationMail({ supplierName: '华东精密', link, locale: 'zh' });
    expect(zh.subject).toMatch(/RFI/);
    expect(zh.text).toContain('华东精密');
    expect(zh.text).toContain(link);
    expect(zh.html).toContain(`href="${link}"`);
    const en = invitationMail({ supplierName: 'Acme', link, locale: 'en' });
    expect(en.text).toContain('Dear Acme');
    expect(en.html).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('escapes values in the HTML and keeps them readable in the text', () => {
    const mail = taskNotificationMail({
      taskName: 'Checklist <b>now</b>',
      flowNo: 'F1',
      supplierName: `O'Brien & <script>alert(1)</script>`,
      link: 'https://x.example.com/task?a=1&b=2',
      locale: 'en',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('O&#39;Brien &amp; &lt;script&gt;');
    expect(mail.html).toContain('href="https://x.example.com/task?a=1&amp;b=2"');
    expect(mail.text).toContain(`O'Brien & <script>alert(1)</script>`);
  });

  it('never makes a non-http link clickable and keeps the subject on one line', () => {
    const mail = invitationMail({ supplierName: 'Evil\r\nBcc: x@y.z', link: 'javascript:alert(1)', locale: 'zh' });
    expect(mail.html).not.toContain('href="javascript');
    const task = taskNotificationMail({ taskName: 'a\r\nBcc: x@y.z', flowNo: 'F', supplierName: 's', link: 'https://e.com', locale: 'zh' });
    expect(task.subject).not.toMatch(/[\r\n]/);
  });

  it('states the code and its validity', () => {
    expect(verificationCodeMail({ code: '042917', minutes: 10, locale: 'zh' }).text).toContain('042917，10分钟内有效');
    expect(verificationCodeMail({ code: '042917', minutes: 10, locale: 'en' }).text).toContain('valid for 10 minutes');
  });

  it('writes the self-inspection notices: issued or returned to the supplier in its language, submitted to the owner', () => {
    const link = 'https://suppliers.example.com/portal/self-inspection/F1';
    expect(checklistToSupplierMail({ supplierName: '华东精密', dimension: '质量管理', link, locale: 'zh' }).subject).toBe('请填写供应商自检清单：质量管理');
    const returned = checklistToSupplierMail({ supplierName: 'Acme', dimension: 'Quality management', link, locale: 'en', rejectOpinion: 'missing drawings' });
    expect(returned.subject).toBe('Self-inspection returned for rework: Quality management');
    expect(returned.text).toContain('returned with this opinion: missing drawings');
    expect(returned.html).not.toMatch(/[\u4e00-\u9fff]/);
    const submitted = checklistSubmittedMail({ supplierName: '华东精密', dimension: '质量管理', flowNo: 'F1', link });
    expect(submitted.subject).toBe('待审核：华东精密 已提交“质量管理”自检');
    expect(submitted.text).toContain('F1');
  });
});
