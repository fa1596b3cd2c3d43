/**
 * Google Wallet "save" links (issue 39): a JWT signed with the issuer's service account, carrying an event ticket
 * class (the event) and object (the ticket, with the QR code the door reads). Opening the link adds the ticket to the
 * holder's Google Wallet; nothing is sent to Google from here.
 */
import { importPKCS8, SignJWT } from 'jose';
import type { WalletTicket } from './wallet-ticket.ts';

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccount: string;
  /** PEM, PKCS #8. */
  privateKey: string;
}

export const googleWalletSaveUrl = 'https://pay.google.com/gp/v/save/';

const text = (value: string) => ({ defaultValue: { language: 'en-GB', value } });
/** Google's ids: the issuer id, a dot, then letters, digits, dots, underscores and hyphens. */
const idOf = (issuerId: string, name: string) => `${issuerId}.${name.replace(/[^\w.-]/g, '_')}`;

/** The signed link that adds the ticket to Google Wallet. */
export async function googleWalletLink(config: GoogleWalletConfig, ticket: WalletTicket, origin: string): Promise<string> {
  const classId = idOf(config.issuerId, `event-${ticket.eventId}`);
  const key = await importPKCS8(config.privateKey, 'RS256');
  const jwt = await new SignJWT({
    origins: [origin],
    typ: 'savetowallet',
    payload: {
      eventTicketClasses: [
        {
          id: classId,
          issuerName: 'Admit',
          reviewStatus: 'UNDER_REVIEW',
          eventName: text(ticket.eventTitle),
          dateTime: { start: ticket.startsAt, end: ticket.endsAt },
          ...(ticket.venueName ? { venue: { name: text(ticket.venueName), address: text(ticket.address ?? '') } } : {}),
        },
      ],
      eventTicketObjects: [
        {
          id: idOf(config.issuerId, `ticket-${ticket.ticketId}-${ticket.version}`),
          classId,
          state: 'ACTIVE',
          ticketHolderName: ticket.holderName,
          ticketNumber: ticket.orderReference,
          ticketType: text(ticket.typeName),
          barcode: { type: 'QR_CODE', value: ticket.code, ...(ticket.shortCode ? { alternateText: ticket.shortCode } : {}) },
        },
      ],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.serviceAccount)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `${googleWalletSaveUrl}${jwt}`;
}
