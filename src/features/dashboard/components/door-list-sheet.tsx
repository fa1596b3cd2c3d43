import { formatDateTime } from '#components/format/date-time.ts';
import { formatCount } from '#contract/count-text.ts';
import type { DoorList } from '#contract/door-list.ts';
import { formatShortTicketCode } from '#contract/short-ticket-code.ts';

/**
 * An event's attendees on one printable list, by surname: a box to tick per ticket, its type, its short code (which
 * the scanner's field takes) and its order. A plain table on screen and on paper (A4), so it reads the same on a phone and in print.
 */
export function DoorListSheet({ list }: { list: DoorList }) {
  const inside = list.attendees.filter((row) => row.checkedIn).length;
  return (
    <article className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 print:p-0 print:shadow-none print:ring-0">
      <header>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight print:text-xl">Door list: {list.event.title}</h1>
        <p className="mt-1 text-slate-700">
          {formatDateTime(list.event.startsAt, { timeZone: list.event.timeZone })}
          {list.event.venue ? ` · ${list.event.venue}` : ''} · {list.attendees.length}{' '}
          {list.attendees.length === 1 ? 'ticket' : 'tickets'}, {inside} checked in when printed
        </p>
        {list.truncated ? (
          <p role="alert" className="mt-2 font-semibold text-amber-900">
            Only the first {formatCount(list.attendees.length)} tickets fit on one list: search the others on the scanner.
          </p>
        ) : null}
      </header>
      {list.attendees.length === 0 ? (
        <p className="text-slate-600">No tickets sold yet.</p>
      ) : (
        <table className="w-full border-collapse text-left text-slate-900 text-sm print:text-[10pt]">
          <caption className="sr-only">Attendees of {list.event.title}, by surname</caption>
          <thead>
            <tr className="border-slate-400 border-b-2">
              <th scope="col" className="w-10 py-2 pr-2">
                <span className="sr-only">Arrived</span>
                <span aria-hidden="true">✓</span>
              </th>
              <th scope="col" className="py-2 pr-3">
                Name
              </th>
              <th scope="col" className="py-2 pr-3">
                Ticket
              </th>
              <th scope="col" className="py-2 pr-3">
                Code
              </th>
              <th scope="col" className="hidden py-2 sm:table-cell print:table-cell">
                Order
              </th>
            </tr>
          </thead>
          <tbody>
            {list.attendees.map((row) => (
              <tr key={row.shortCode} className="break-inside-avoid border-slate-200 border-b">
                <td className="py-2 pr-2">
                  {row.checkedIn ? (
                    <span className="font-semibold text-emerald-800 text-xs print:text-black">In</span>
                  ) : (
                    <>
                      <span aria-hidden="true" className="inline-block size-5 rounded-sm border-2 border-slate-500" />
                      <span className="sr-only">Not arrived</span>
                    </>
                  )}
                </td>
                <td className="py-2 pr-3">
                  <span className="font-semibold">{row.surname}</span>
                  {row.name !== row.surname ? (
                    <span>, {row.name.slice(0, row.name.length - row.surname.length).trim()}</span>
                  ) : null}
                  {row.test ? <span className="ml-2 text-amber-800 text-xs">TEST</span> : null}
                </td>
                <td className="py-2 pr-3">{row.ticketType}</td>
                <td className="whitespace-nowrap py-2 pr-3 font-mono">{formatShortTicketCode(row.shortCode)}</td>
                <td className="hidden py-2 font-mono sm:table-cell print:table-cell">{row.order}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
