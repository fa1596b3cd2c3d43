import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppleWallet } from '../fixtures/apple-wallet.ts';
import { type RouteKey, requests } from '../fixtures/authorization-requests.ts';
import { type CellOutcome, differences, enumerateRoutes, sendCell, summary } from '../fixtures/authorization-run.ts';
import { buildWorld, type FreshObjects, freshObjects, type Role, roles, type World } from '../fixtures/authorization-world.ts';
import { testGoogleWallet } from '../fixtures/google-wallet.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

/** A cell whose answer changes with work under way: written as it will be, skipped until the change lands. */
const planned = (status: number) => ({ status, planned: true as const });
type Cell = number | ReturnType<typeof planned>;
// e.g. `planned(403)` in a row, with its reason in `plannedChanges`.
/** One status per caller, in the order of `roles`. */
type Row = [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell];

/**
 * What each caller gets from each route, called with valid input on objects of organisation A (see
 * tests/fixtures/authorization-requests.ts for the exact call). Callers: nobody signed in; an attendee; the
 * owner, a manager, a finance member and door staff of A; the owner of organisation B; a platform administrator.
 * Columns follow `roles`. A new route needs a row here before this file passes. Where today's answer is wrong, the
 * row keeps the right one, says why in a comment, and fails until the server is fixed.
 */
// biome-ignore format: a table, one line per route
const matrix: Record<RouteKey, Row> = {
  //                                                                  anon  attendee  owner  manager  finance  door  other  admin
  'GET /health':                                                     [200,  200,      200,   200,     200,     200,  200,   200],
  'GET /ready':                                                      [200,  200,      200,   200,     200,     200,  200,   200],
  'GET /openapi.json':                                               [200,  200,      200,   200,     200,     200,  200,   200],
  // Served only by a local instance without SMTP (never by a deployment: tests/api/deployment.test.ts); the tests run as one.
  'GET /dev/mailbox':                                                [200,  200,      200,   200,     200,     200,  200,   200],
  // Anyone's browser reports its errors to the log (decision 050); a bearer changes nothing.
  'POST /client-errors':                                             [202,  202,      202,   202,     202,     202,  202,   202],

  // The account routes carry their own proof (a password, a mailed code, a refresh token): a caller's bearer changes nothing.
  'POST /auth/signUp':                                               [201,  201,      201,   201,     201,     201,  201,   201],
  'POST /auth/confirmSignup':                                        [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /auth/resendConfirmationCode':                               [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /auth/signIn':                                               [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /auth/refreshToken':                                         [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /auth/signOut':                                              [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /auth/forgotPassword':                                       [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /auth/confirmForgotPassword':                                [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /auth/changePassword':                                       [401,  200,      200,   200,     200,     200,  200,   200],

  // The attendee's account: themself or an administrator.
  'GET /users/:id':                                                  [401,  200,      403,   403,     403,     403,  403,   200],
  'PATCH /users/:id':                                                [401,  200,      403,   403,     403,     403,  403,   200],

  'GET /organizations/:organizationId':                              [200,  200,      200,   200,     200,     200,  200,   200],
  'PATCH /organizations/:organizationId':                            [401,  404,      200,   200,     403,     403,  404,   404],
  'GET /organizations/:organizationId/members':                      [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /organizations/:organizationId/invitations':                 [401,  404,      201,   201,     403,     403,  404,   404],
  'DELETE /organizations/:organizationId/invitations/:invitationId': [401,  404,      200,   200,     403,     403,  404,   404],
  'PATCH /organizations/:organizationId/members/:userId':            [401,  404,      200,   200,     403,     403,  404,   404],
  'DELETE /organizations/:organizationId/members/:userId':           [401,  404,      200,   200,     403,     403,  404,   404],
  // The token is the secret; only the invited address may accept, and nobody in the matrix is invited.
  'GET /invitations/:token':                                         [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /invitations/:token/accept':                                 [401,  403,      403,   403,     403,     403,  403,   403],

  'GET /events':                                                     [200,  200,      200,   200,     200,     200,  200,   200],
  // The public catalogue: the same for everyone, signed in or not.
  'GET /catalogue':                                                  [200,  200,      200,   200,     200,     200,  200,   200],
  // A draft: only its organisation sees it.
  'GET /events/:eventId':                                            [404,  404,      200,   200,     200,     200,  404,   404],
  'POST /events':                                                    [401,  403,      201,   201,     403,     403,  403,   403],
  'PATCH /events/:eventId':                                          [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/publish':                                   [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/unpublish':                                 [401,  404,      200,   200,     403,     403,  404,   404],
  // The event has a paid order, so cancelling it refunds money: the refund right is needed too.
  'POST /events/:eventId/cancel':                                    [401,  404,      200,   403,     403,     403,  404,   404],
  'GET /organizations/:organizationId/events':                       [401,  404,      200,   200,     200,     200,  404,   404],

  'GET /bookmarks':                                                  [401,  200,      200,   200,     200,     200,  200,   200],
  'PUT /bookmarks/:eventId':                                         [401,  200,      200,   200,     200,     200,  200,   200],
  'DELETE /bookmarks/:eventId':                                      [401,  200,      200,   200,     200,     200,  200,   200],

  'GET /booking-fee':                                                [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /orders':                                                    [201,  201,      201,   201,     201,     201,  201,   201],
  'GET /orders/mine':                                                [401,  200,      200,   200,     200,     200,  200,   200],
  // The attendee's paid order, asked for without its access token: its buyer, or the organisation's order readers.
  'GET /orders/:orderId':                                            [404,  200,      200,   200,     200,     404,  404,   404],
  // Its tickets as a PDF and as wallet passes: whoever may read the order.
  'GET /orders/:orderId/tickets.pdf':                                [404,  200,      200,   200,     200,     404,  404,   404],
  'GET /orders/:orderId/tickets/:ticketId/google-wallet':            [404,  200,      200,   200,     200,     404,  404,   404],
  'GET /orders/:orderId/tickets/:ticketId/apple-wallet.pkpass':      [404,  200,      200,   200,     200,     404,  404,   404],
  // The attendee's paid order, before the event's deadline for answers: only its buyer corrects them.
  'PUT /orders/:orderId/answers':                                    [404,  200,      404,   404,     404,     404,  404,   404],
  // A held order of the attendee: only its buyer gives it up.
  'POST /orders/:orderId/release':                                   [404,  200,      404,   404,     404,     404,  404,   404],
  // A free order the attendee placed for a friend, held for the code mailed to the friend: only its buyer (or the
  // order's token, which the friend's mail carries) enters the code or asks for a new one.
  'POST /orders/:orderId/confirm-email':                             [404,  200,      404,   404,     404,     404,  404,   404],
  'POST /orders/:orderId/send-code':                                 [404,  200,      404,   404,     404,     404,  404,   404],
  // The session id (in the buyer's payment link) and the webhook signature are the proof.
  'GET /payments/sandbox/:sessionId':                                [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /payments/sandbox/:sessionId':                               [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /payments/webhook/:provider':                                [200,  200,      200,   200,     200,     200,  200,   200],

  'GET /organizations/:organizationId/orders':                       [401,  404,      200,   200,     200,     403,  404,   404],
  'GET /organizations/:organizationId/orders.csv':                   [401,  404,      200,   200,     200,     403,  404,   404],
  'GET /organizations/:organizationId/orders/:orderId':              [401,  404,      200,   200,     200,     403,  404,   404],
  'POST /orders/:orderId/refunds':                                   [401,  404,      200,   403,     200,     403,  404,   404],
  // The buyer's own cancellation within the policy, and their request outside it: only the buyer (decision 068).
  'POST /orders/:orderId/cancellation':                              [404,  200,      404,   404,     404,     404,  404,   404],
  'POST /orders/:orderId/refund-requests':                           [404,  201,      404,   404,     404,     404,  404,   404],
  // Passing a ticket on and correcting its holder's name: only the buyer (decision 069).
  'POST /orders/:orderId/tickets/:ticketId/transfer':                [404,  200,      404,   404,     404,     404,  404,   404],
  'POST /orders/:orderId/tickets/:ticketId/holder-name':             [404,  200,      404,   404,     404,     404,  404,   404],
  // Requests are read by the order readers, answered by those who refund.
  'GET /organizations/:organizationId/refund-requests':              [401,  404,      200,   200,     200,     403,  404,   404],
  'POST /refund-requests/:requestId/decision':                       [401,  404,      200,   403,     200,     403,  404,   404],
  // An event's codes: those who edit the event (owners, managers).
  'GET /events/:eventId/discount-codes':                             [401,  404,      200,   200,     403,     403,  404,   404],
  'GET /events/:eventId/discount-codes/export':                      [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/discount-codes':                            [401,  404,      201,   201,     403,     403,  404,   404],
  'POST /events/:eventId/discount-codes/generate':                   [401,  404,      201,   201,     403,     403,  404,   404],
  'POST /events/:eventId/discount-codes/import':                     [401,  404,      201,   201,     403,     403,  404,   404],
  'PUT /events/:eventId/discount-codes/:codeId':                     [401,  404,      200,   200,     403,     403,  404,   404],
  'DELETE /events/:eventId/discount-codes/:codeId':                  [401,  404,      200,   200,     403,     403,  404,   404],
  // An event's capacity and shared places: those who edit the event (owners, managers), as its codes.
  'GET /events/:eventId/capacity-quotas':                            [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/capacity-quotas':                           [401,  404,      201,   201,     403,     403,  404,   404],
  'PUT /events/:eventId/capacity-quotas/:quotaId':                   [401,  404,      200,   200,     403,     403,  404,   404],
  'DELETE /events/:eventId/capacity-quotas/:quotaId':                [401,  404,      200,   200,     403,     403,  404,   404],
  // An event's waiting list: those who edit the event (owners, managers), as its codes. Joining is open to anyone (a
  // guest proves their email by the mailed link); a person's place answers the secret of their link, whoever sends it.
  'GET /events/:eventId/waiting-list':                               [401,  404,      200,   200,     403,     403,  404,   404],
  'PUT /events/:eventId/waiting-list':                               [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/waiting-list/:entryId/offer':               [401,  404,      200,   200,     403,     403,  404,   404],
  'DELETE /events/:eventId/waiting-list/:entryId':                   [401,  404,      200,   200,     403,     403,  404,   404],
  // An event's questions at checkout: those who edit the event (owners, managers); buyers read an event's on sale.
  'GET /events/:eventId/questions':                                  [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/questions':                                 [401,  404,      201,   201,     403,     403,  404,   404],
  'PUT /events/:eventId/questions/:questionId':                      [401,  404,      200,   200,     403,     403,  404,   404],
  'DELETE /events/:eventId/questions/:questionId':                   [401,  404,      200,   200,     403,     403,  404,   404],
  'PUT /events/:eventId/questions-order':                            [401,  404,      200,   200,     403,     403,  404,   404],
  'PUT /events/:eventId/question-settings':                          [401,  404,      200,   200,     403,     403,  404,   404],
  'GET /events/:eventId/checkout-questions':                         [200,  200,      200,   200,     200,     200,  200,   200],
  // Messages to an event's attendees: those who edit the event (owners, managers); other organisations learn nothing.
  'GET /events/:eventId/messages':                                   [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/messages/audience':                         [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/messages':                                  [401,  404,      201,   201,     403,     403,  404,   404],
  'POST /events/:eventId/messages/test':                             [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /events/:eventId/messages/:messageId/stop':                  [401,  404,      200,   200,     403,     403,  404,   404],
  'GET /events/:eventId/messages/:messageId/recipients':             [401,  404,      200,   200,     403,     403,  404,   404],
  'POST /waiting-list':                                              [201,  201,      201,   201,     201,     201,  201,   201],
  'POST /waiting-list/view':                                         [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /waiting-list/confirm':                                      [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /waiting-list/leave':                                        [200,  200,      200,   200,     200,     200,  200,   200],
  // A buyer's code for an event on sale: anyone may try one (a few dozen an address, see codeTriesPerNetwork).
  'GET /events/:eventId/code':                                       [200,  200,      200,   200,     200,     200,  200,   200],
  'GET /events/:eventId/ticket-keys':                                [401,  404,      200,   200,     200,     200,  404,   404],

  'GET /events/:eventId/scan-data':                                  [401,  404,      200,   200,     403,     200,  404,   404],
  'POST /events/:eventId/checkins':                                  [401,  404,      200,   200,     403,     200,  404,   404],
  'POST /events/:eventId/checkins/batch':                            [401,  404,      200,   200,     403,     200,  404,   404],
  // A check-in the owner scanned: the scanner, an owner or a manager may undo it.
  'POST /events/:eventId/checkins/undo':                             [401,  404,      200,   200,     403,     403,  404,   404],
  'GET /events/:eventId/checkins/stats':                             [401,  404,      200,   200,     403,     200,  404,   404],
  // Money and sales: the order readers; door staff work the scanner instead.
  'GET /organizations/:organizationId/dashboard':                    [401,  404,      200,   200,     200,     403,  404,   404],
  // Asked for the transactions, a money report: owners and finance only (managers get the sales and attendee reports).
  'GET /organizations/:organizationId/reports/:report':              [401,  404,      200,   403,     200,     403,  404,   404],
  // Asked for the sales by day, on screen: every order reader (managers without the money columns).
  'GET /organizations/:organizationId/reports/:report/rows':         [401,  404,      200,   200,     200,     403,  404,   404],
  // Mailed reports: the order readers; each sets up only the reports it may read itself (a sales report here).
  'GET /organizations/:organizationId/report-mails':                 [401,  404,      200,   200,     200,     403,  404,   404],
  'POST /organizations/:organizationId/report-mails':                [401,  404,      201,   201,     201,     403,  404,   404],
  // The owner's mailed report: its author or a member who manages the team (owners, managers) stops it; finance cannot.
  'DELETE /organizations/:organizationId/report-mails/:reportMailId': [401, 404,      200,   200,     403,     403,  404,   404],
  // The paper list for the door: those who work the door (owners, managers, door staff), not finance.
  'GET /events/:eventId/door-list':                                  [401,  404,      200,   200,     403,     200,  404,   404],
  // Money paid out: owners and finance only (managers see sales but not payouts).
  'GET /organizations/:organizationId/payouts':                      [401,  404,      200,   403,     200,     403,  404,   404],
  'GET /organizations/:organizationId/payouts/:payoutId':            [401,  404,      200,   403,     200,     403,  404,   404],

  // Images are shown on public pages: a fresh link, and the bytes behind a signed link, are anyone's.
  // The image is on no public page yet: a link only for its organisation's members.
  'POST /uploads/link':                                              [404,  404,      200,   200,     200,     200,  404,   404],
  // Images belong to an organisation: only its owners and managers upload them (another organisation's owner included: 403).
  'POST /uploads':                                                   [401,  403,      201,   201,     403,     403,  403,   403],
  'GET /uploads/file/*':                                             [200,  200,      200,   200,     200,     200,  200,   200],
  'GET /uploads/sized/:width/*':                                     [200,  200,      200,   200,     200,     200,  200,   200],

  // The help desk's answers are public; a vote needs no account (one per visitor).
  'GET /help/categories':                                            [200,  200,      200,   200,     200,     200,  200,   200],
  'GET /help/categories/:category':                                  [200,  200,      200,   200,     200,     200,  200,   200],
  'GET /help/articles/:slug':                                        [200,  200,      200,   200,     200,     200,  200,   200],
  'GET /help/search':                                                [200,  200,      200,   200,     200,     200,  200,   200],
  'PUT /help/articles/:slug/vote':                                   [200,  200,      200,   200,     200,     200,  200,   200],
  // Administrators whose groups allow editing help articles edit them.
  'GET /admin/help/articles':                                        [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/help/articles':                                       [401,  403,      403,   403,     403,     403,  403,   201],
  'PUT /admin/help/articles/:articleId':                             [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/help/categories':                                      [401,  403,      403,   403,     403,     403,  403,   200],
  'PUT /admin/help/categories':                                      [401,  403,      403,   403,     403,     403,  403,   200],
  // Anyone may raise a case (a guest's opens with the mailed code or link) and ask for a link: the same answer whether or not it exists.
  'POST /help/cases':                                                [201,  201,      201,   201,     201,     201,  201,   201],
  'GET /help/cases/options':                                         [401,  200,      200,   200,     200,     200,  200,   200],
  'POST /help/cases/check-status':                                   [200,  200,      200,   200,     200,     200,  200,   200],
  // The mailed link (used once) or the mailed code is the proof.
  'POST /help/cases/access':                                         [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /help/cases/confirm-email':                                  [200,  200,      200,   200,     200,     200,  200,   200],
  'GET /help/cases/mine':                                            [401,  200,      200,   200,     200,     200,  200,   200],
  // The attendee's case: only they reach it here; agents work it through /admin/cases.
  'GET /help/cases/:caseId':                                         [404,  200,      404,   404,     404,     404,  404,   404],
  'POST /help/cases/:caseId/replies':                                [404,  201,      404,   404,     404,     404,  404,   404],
  'POST /help/cases/:caseId/resolve':                                [404,  200,      404,   404,     404,     404,  404,   404],
  'POST /help/cases/:caseId/attachments':                            [404,  201,      404,   404,     404,     404,  404,   404],
  'POST /help/cases/:caseId/attachments/:attachmentId/link':         [404,  200,      404,   404,     404,     404,  404,   404],
  // A signed download link (5 minutes) is the proof, whoever holds it.
  'GET /help/attachments/:attachmentId':                             [200,  200,      200,   200,     200,     200,  200,   200],
  'POST /admin/cases/:caseId/attachments':                           [401,  403,      403,   403,     403,     403,  403,   201],
  'POST /admin/cases/:caseId/attachments/:attachmentId/link':        [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/cases':                                                [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/cases/:caseId':                                        [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/cases/:caseId/messages':                              [401,  403,      403,   403,     403,     403,  403,   201],
  'PATCH /admin/cases/:caseId':                                      [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/help/saved-replies':                                   [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/help/saved-replies':                                  [401,  403,      403,   403,     403,     403,  403,   201],
  'PUT /admin/help/saved-replies/:replyId':                           [401,  403,      403,   403,     403,     403,  403,   200],
  'DELETE /admin/help/saved-replies/:replyId':                        [401,  403,      403,   403,     403,     403,  403,   200],
  // The admin console: administrators only, each route behind one permission (the administrator here holds them all;
  // tests/api/admin-groups.test.ts refuses each route to an administrator whose groups lack its permission).
  'GET /admin/access':                                               [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/overview':                                             [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/groups':                                               [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/groups':                                              [401,  403,      403,   403,     403,     403,  403,   201],
  'GET /admin/groups/:groupId':                                      [401,  403,      403,   403,     403,     403,  403,   200],
  'PATCH /admin/groups/:groupId':                                    [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/groups/:groupId/members':                             [401,  403,      403,   403,     403,     403,  403,   200],
  'DELETE /admin/groups/:groupId/members/:userId':                   [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/audit':                                                [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/users':                                                [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/users.csv':                                            [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/audit.csv':                                            [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/users/:userId':                                        [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/users/:userId/suspend':                               [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/users/:userId/reactivate':                            [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/users/:userId/password-reset':                        [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/users/resend-confirmation':                           [401,  403,      403,   403,     403,     403,  403,   200],
  // Acting as a user for support (decision 033); stopping needs the acting token itself, which no caller here holds.
  'POST /admin/users/:userId/act':                                   [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/users/:userId/act/stop':                              [401,  409,      409,   409,     409,     409,  409,   409],
  // Money, events and tickets: each behind its permission (src/contract/admin-sales.ts); refunds, voids and
  // suspensions also need a recent sign-in, which the administrator here has.
  'GET /admin/orders':                                               [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/orders.csv':                                           [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/orders/:orderId':                                      [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/orders/:orderId/refunds':                             [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/orders/:orderId/resend-tickets':                      [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/tickets':                                              [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/tickets.csv':                                          [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/tickets/:ticketId':                                    [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/tickets/:ticketId/void':                              [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/tickets/:ticketId/reissue':                           [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/messages':                                             [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/messages/:messageId/approval':                        [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/messages/:messageId/stop':                            [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/events':                                               [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/events.csv':                                           [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/events/:eventId/moderation':                          [401,  403,      403,   403,     403,     403,  403,   200],
  'PUT /admin/events/:eventId/featured':                             [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/payments':                                             [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/refunds':                                              [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/webhooks':                                             [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/webhooks/:deliveryId/retry':                          [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/payments.csv':                                         [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/refunds.csv':                                          [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/webhooks.csv':                                         [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/payouts':                                              [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/payouts.csv':                                          [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/platform-fees':                                        [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/booking-fees':                                         [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/booking-fees':                                        [401,  403,      403,   403,     403,     403,  403,   201],
  'POST /admin/booking-fees/quote':                                  [401,  403,      403,   403,     403,     403,  403,   200],

  // Identity verification and payouts: the organisation's owners only (another organisation's owner and admins: 404).
  'GET /organizations/:organizationId/verification':                  [401,  404,      200,   403,     403,     403,  404,   404],
  'PUT /organizations/:organizationId/verification':                  [401,  404,      200,   403,     403,     403,  404,   404],
  'POST /organizations/:organizationId/verification/submit':          [401,  404,      200,   403,     403,     403,  404,   404],
  'POST /organizations/:organizationId/verification/documents':       [401,  404,      201,   403,     403,     403,  404,   404],
  'GET /organizations/:organizationId/verification/documents/:documentId': [401, 404,   200,   403,     403,     403,  404,   404],
  // In the sandbox the owner passes the check and is sent to the verification page (409).
  'POST /organizations/:organizationId/verification/stripe/link':     [401,  404,      409,   403,     403,     403,  404,   404],
  'POST /organizations/:organizationId/verification/stripe/refresh':  [401,  404,      409,   403,     403,     403,  404,   404],
  // Reviewing organisers: administrators whose groups allow 'organisers.review'; reading a document is one of them.
  'GET /admin/organisers':                                            [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/organisers.csv':                                       [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/organisers/:organizationId':                            [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/organisers/:organizationId/documents/:documentId':      [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/organisers/:organizationId/decision':                  [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/organisers/:organizationId/suspend':                   [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/organisers/:organizationId/reinstate':                 [401,  403,      403,   403,     403,     403,  403,   200],
  'GET /admin/organisers/:organizationId/team':                       [401,  403,      403,   403,     403,     403,  403,   200],
  'POST /admin/organisers/:organizationId/team/:userId/remove':       [401,  403,      403,   403,     403,     403,  403,   200],
};

/** Why each row with planned cells differs today. */
const plannedChanges: Partial<Record<RouteKey, string>> = {};

const rowKeys = Object.keys(matrix) as RouteKey[];
const cellOf = (key: RouteKey, role: Role) => matrix[key][roles.indexOf(role)] as Cell;
const expectedStatus = (cell: Cell) => (typeof cell === 'number' ? cell : cell.status);
const isPlanned = (cell: Cell) => typeof cell !== 'number';

let api: TestApi;
let world: World;
let fresh: FreshObjects;
const outcomes: CellOutcome[] = [];

beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example', ...testGoogleWallet().env, ...testAppleWallet().env });
  world = await buildWorld(api);
  fresh = freshObjects(world);
}, 120_000);

afterAll(async () => {
  const cells = rowKeys.length * roles.length;
  const skipped = rowKeys.flatMap((key) => roles.filter((role) => isPlanned(cellOf(key, role)))).length;
  // biome-ignore lint/suspicious/noConsole: the size of the matrix and what it found are figures the issue asks for.
  console.log(
    `Authorisation matrix: ${rowKeys.length} operations × ${roles.length} callers = ${cells} cells; ` +
      `${outcomes.length} checked, ${skipped} planned (skipped); ${summary(outcomes)}.`,
  );
  await api?.close();
});

describe('the authorisation matrix', () => {
  it('has a row for every API route, and none for a route that no longer exists', async () => {
    const routes = await enumerateRoutes(api);
    const missing = routes.filter((route) => !(route in matrix));
    const gone = rowKeys.filter((key) => !routes.includes(key));
    expect(missing.map((route) => `${route} has no row in the authorisation matrix`)).toEqual([]);
    expect(gone.map((key) => `${key} is in the matrix but the API has no such route`)).toEqual([]);
  });

  it('explains every planned cell', () => {
    const withPlans = rowKeys.filter((key) => roles.some((role) => isPlanned(cellOf(key, role))));
    expect(withPlans.sort()).toEqual(Object.keys(plannedChanges).sort());
  });

  for (const key of rowKeys) {
    it(`${key} answers each caller as the matrix says`, async () => {
      for (const role of roles) {
        const cell = cellOf(key, role);
        if (isPlanned(cell)) continue;
        const request = await requests[key](world, fresh, { role, person: role === 'anon' ? null : world.people[role] });
        outcomes.push(await sendCell(api, key, role, expectedStatus(cell), request, world));
      }
      expect(differences(outcomes.filter((outcome) => outcome.route === key))).toEqual([]);
    });

    for (const role of roles) {
      if (isPlanned(cellOf(key, role))) {
        it.skip(`${key} as ${role}: answers ${expectedStatus(cellOf(key, role))} once ${plannedChanges[key]}`, () => {});
      }
    }
  }

  it('lets no caller do what the matrix refuses them (no unexpected allows)', () => {
    expect(differences(outcomes, 'unexpected allow')).toEqual([]);
  });

  it('refuses no caller what the matrix allows them (no unexpected denials)', () => {
    expect(differences(outcomes, 'unexpected denial')).toEqual([]);
  });
});
