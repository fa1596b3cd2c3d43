/**
 * The `signature` file of a `.pkpass`: a detached PKCS #7 (CMS) SignedData over `manifest.json`, signed with the Pass
 * Type ID certificate's key (SHA-256), carrying that certificate and Apple's WWDR intermediate, so a phone can chain
 * it to Apple's root, and the signing time. Node's crypto makes no CMS, hence node-forge (decision 072).
 */
import { constants, createPrivateKey, type KeyObject, privateEncrypt } from 'node:crypto';
import forge from 'node-forge';
import type { AppleWalletConfig } from './apple-wallet-settings.ts';

interface Signer {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  wwdr: forge.pki.Certificate;
}

/** DER of a SHA-256 DigestInfo up to the digest itself (RFC 8017 §9.2). */
const sha256DigestInfo = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The key as forge calls it, signing with Node's native RSA: forge's own, in JavaScript, held the event loop for some
 * 40 ms a pass, where the whole pass now takes about 7. The same RSASSA-PKCS1-v1_5 signature of forge's SHA-256 digest.
 */
function nativeKey(key: KeyObject): forge.pki.rsa.PrivateKey {
  const sign = (digest: forge.md.MessageDigest) =>
    privateEncrypt(
      { key, padding: constants.RSA_PKCS1_PADDING },
      Buffer.concat([sha256DigestInfo, Buffer.from(digest.digest().getBytes(), 'binary')]),
    ).toString('binary');
  return { sign } as unknown as forge.pki.rsa.PrivateKey;
}

/** Parsed once per configuration. */
const signers = new WeakMap<AppleWalletConfig, Signer>();

function signerOf(config: AppleWalletConfig): Signer {
  let signer = signers.get(config);
  if (!signer) {
    signer = {
      key: nativeKey(createPrivateKey(config.privateKey)),
      certificate: forge.pki.certificateFromPem(config.certificate),
      wwdr: forge.pki.certificateFromPem(config.wwdrCertificate),
    };
    signers.set(config, signer);
  }
  return signer;
}

/** The DER signature of `manifest` (the manifest file's bytes). */
export function signManifest(config: AppleWalletConfig, manifest: Uint8Array): Buffer {
  const { key, certificate, wwdr } = signerOf(config);
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(Buffer.from(manifest).toString('binary'));
  signed.addCertificate(certificate);
  signed.addCertificate(wwdr);
  signed.addSigner({
    key,
    certificate,
    digestAlgorithm: forge.pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data as string },
      { type: forge.pki.oids.messageDigest as string },
      // Filled in with the time of signing.
      { type: forge.pki.oids.signingTime as string },
    ],
  });
  signed.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(signed.toAsn1()).getBytes(), 'binary');
}
