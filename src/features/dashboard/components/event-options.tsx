/** A select's options for choosing an organisation's event: first the choice of none (`noneLabel`), then each event. */
export function EventOptions({ events, noneLabel }: { events: readonly { id: string; title: string }[]; noneLabel: string }) {
  return (
    <>
      <option value="">{noneLabel}</option>
      {events.map((item) => (
        <option key={item.id} value={item.id}>
          {item.title}
        </option>
      ))}
    </>
  );
}
