import { QRCodeSVG } from 'qrcode.react';

/** The quiet zone QR readers need around the code, in modules (the standard asks for four). */
export const TOTP_QR_MARGIN = 4;

/**
 * An otpauth URI as a QR code for an authenticator app's camera. Its own module, loaded lazily, so the QR
 * encoder stays off the first load of every page that does not enrol a key.
 */
export default function TotpQr({ uri, label }: { uri: string; label: string }) {
  return <QRCodeSVG value={uri} size={184} marginSize={TOTP_QR_MARGIN} role="img" aria-label={label} title={label} data-testid="totp-qr" />;
}
