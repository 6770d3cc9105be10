import type { CertificateGateway } from '#services/certificates/certificate-gateway.ts';

type Method = keyof CertificateGateway;

/** A CertificateGateway that records what the API asks and accepts it (workflow suites use the Temporal one). */
export function recordingCertificates(): { certificates: CertificateGateway; calls: { method: Method; args: unknown[] }[] } {
  const calls: { method: Method; args: unknown[] }[] = [];
  const record =
    (method: Method) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
    };
  return { certificates: { startRenewal: record('startRenewal'), decideRenewal: record('decideRenewal'), certificatesChanged: record('certificatesChanged') }, calls };
}

/** For suites that never reach a certificate workflow. */
export function noCertificateEngine(): CertificateGateway {
  const refuse = async () => {
    throw new Error('this suite runs without a workflow engine');
  };
  return { startRenewal: refuse, decideRenewal: refuse, certificatesChanged: refuse };
}
