import { createOrganiserEventLoader } from '#app/loaders/organiser-event-loader.ts';
import { OrganiserEventPage } from '#app/organiser-event-page.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { questionsQueryOptions } from '#features/organizer/api/get-questions.ts';
import { QuestionsSection } from '#features/organizer/components/questions/questions-section.tsx';

/** The event and its questions, for the server's HTML when the token allows it (see createOrganiserEventLoader). */
export const createLoader = (context: RouteContext) =>
  createOrganiserEventLoader(context, (eventId) => [
    context.queryClient.prefetchQuery(questionsQueryOptions(context.api, eventId)),
  ]);

export function Component() {
  return (
    <OrganiserEventPage
      heading="Questions at checkout"
      title={(eventTitle) => `Questions for ${eventTitle}`}
      description="The questions buyers answer when they book."
      intro="what buyers answer when they book, once per order or for each ticket. You see the answers on each order."
    >
      {(event) => <QuestionsSection event={event} />}
    </OrganiserEventPage>
  );
}
