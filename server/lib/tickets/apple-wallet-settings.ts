/**
 * Apple Wallet's settings (issue 39, decision 072), checked when the server starts: a pass Apple's phones refuse says
 * nothing about why, so a key that is not the certificate's, or an intermediate that did not issue it, stops the
 * process with the variable named instead. Only `node:crypto` here: the pass builder and its libraries load later.
 */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';

export interface AppleWalletConfig {
  /** The Pass Type ID, e.g. `pass.com.example.admit`. */
  passTypeId: string;
  /** The Apple Developer team that owns it. */
  teamId: string;
  /** The Pass Type ID certificate, PEM. */
  certificate: string;
  /** Its private key, PEM (RSA, unencrypted). */
  privateKey: string;
  /** Apple's Worldwide Developer Relations intermediate that issued the certificate, PEM. */
  wwdrCertificate: string;
}

export const appleWalletVariables = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_CERTIFICATE',
  'APPLE_WALLET_PRIVATE_KEY',
  'APPLE_WALLET_WWDR_CERTIFICATE',
] as const;

/** A PEM pasted on one line, its line breaks written as `\n`, as environment files often need. */
export const pemOf = (value: string) => value.replace(/\\n/g, '\n');

export interface SettingIssue {
  variable: (typeof appleWalletVariables)[number];
  message: string;
}

function certificateOf(pem: string): X509Certificate | null {
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
}

function keyOf(pem: string): KeyObject | null {
  try {
    return createPrivateKey(pem);
  } catch {
    return null;
  }
}

/** What is wrong with the certificates and key (PEM, line breaks restored); none when a pass can be signed with them. */
export function appleWalletPemIssues(
  pems: Pick<AppleWalletConfig, 'certificate' | 'privateKey' | 'wwdrCertificate'>,
): SettingIssue[] {
  const certificate = certificateOf(pems.certificate);
  const key = keyOf(pems.privateKey);
  const wwdr = certificateOf(pems.wwdrCertificate);
  const issues: SettingIssue[] = [];
  if (!certificate) issues.push({ variable: 'APPLE_WALLET_CERTIFICATE', message: 'must be the Pass Type ID certificate, PEM' });
  if (!wwdr) issues.push({ variable: 'APPLE_WALLET_WWDR_CERTIFICATE', message: 'must be Apple’s WWDR certificate, PEM' });
  if (!key) {
    issues.push({
      variable: 'APPLE_WALLET_PRIVATE_KEY',
      message: 'must be the certificate’s private key, PEM, without a passphrase',
    });
  } else if (key.asymmetricKeyType !== 'rsa') {
    issues.push({ variable: 'APPLE_WALLET_PRIVATE_KEY', message: 'must be an RSA key, as Apple issues pass certificates for' });
  } else if (certificate && !certificate.checkPrivateKey(key)) {
    issues.push({ variable: 'APPLE_WALLET_PRIVATE_KEY', message: 'is not the key of APPLE_WALLET_CERTIFICATE' });
  }
  if (certificate && wwdr && !(certificate.checkIssued(wwdr) && certificate.verify(wwdr.publicKey))) {
    issues.push({
      variable: 'APPLE_WALLET_WWDR_CERTIFICATE',
      message: 'did not issue APPLE_WALLET_CERTIFICATE: download the WWDR generation named in its issuer from Apple',
    });
  }
  return issues;
}

/** The settings from the environment, PEM line breaks restored; null unless all five are set. */
export function appleWalletFrom(env: Partial<Record<(typeof appleWalletVariables)[number], string>>): AppleWalletConfig | null {
  const {
    APPLE_WALLET_PASS_TYPE_ID: passTypeId,
    APPLE_WALLET_TEAM_ID: teamId,
    APPLE_WALLET_CERTIFICATE: certificate,
    APPLE_WALLET_PRIVATE_KEY: privateKey,
    APPLE_WALLET_WWDR_CERTIFICATE: wwdrCertificate,
  } = env;
  if (!passTypeId || !teamId || !certificate || !privateKey || !wwdrCertificate) return null;
  return {
    passTypeId,
    teamId,
    certificate: pemOf(certificate),
    privateKey: pemOf(privateKey),
    wwdrCertificate: pemOf(wwdrCertificate),
  };
}
