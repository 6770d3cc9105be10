import { DefaultLogger, Runtime } from '@temporalio/worker';
import { loadConfig } from './config.ts';
import { startStack } from './stack.ts';
import { DEMO_LOGINS } from '#db/seeds/org.ts';
import { totpUri } from '#services/auth/totp.ts';

/** `npm start`: the whole embedded stack in one process; Ctrl-C stops every part of it. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The worker's routine state changes would drown the URLs below; warnings still show.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const stack = await startStack(config, (line) => console.log(`  · ${line}`));

  const lines = [
    '',
    'Supplier onboarding platform is running',
    `  App              ${stack.appUrl}`,
    `  Temporal UI      ${stack.temporalUiUrl}`,
    config.embeddedErp ? `  ERP simulator    ${stack.erpUrl}   (stands in for the ERP; set ERP_URL for a real one)` : `  ERP              ${stack.erpUrl}`,
  ];
  if (config.devMailbox) lines.push(`  Dev mailbox      ${stack.appUrl}/dev/mailbox   (staff with ops:dev-mailbox, such as admin)`);
  lines.push(`  API reference    ${stack.appUrl}/v1/docs`, '');
  if (config.seedDemo) {
    lines.push('Demo logins (staff):');
    for (const d of DEMO_LOGINS) lines.push(`  ${d.username.padEnd(16)} ${d.password.padEnd(12)} ${d.roleLabel}`);
    for (const d of DEMO_LOGINS.filter((l) => l.totpSecret)) {
      lines.push(`  ${d.username} also asks for an authenticator code (development only): TOTP key ${d.totpSecret}`);
      lines.push(`    ${totpUri(d.totpSecret!, d.username)}`);
    }
    lines.push('');
  }
  if (config.admin) lines.push(`Administrator: ${config.admin.username} (password from ADMIN_PASSWORD)`, '');
  lines.push(
    'Suppliers answer the questionnaire through the invitation link mailed to them; once their RFI has passed,',
    `they log in to the supplier portal at ${stack.appUrl}/client/portal/login with a code sent to the same e-mail.`,
    'Press Ctrl-C to stop.',
    '',
  );
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
