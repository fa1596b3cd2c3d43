import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { createOrganiserEventLoader } from '#app/loaders/organiser-event-loader.ts';
import { OrganiserEventPage } from '#app/organiser-event-page.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { eventMessagesQueryOptions } from '#features/organizer/api/get-event-messages.ts';
import { questionsQueryOptions } from '#features/organizer/api/get-questions.ts';
import { MessagesSection } from '#features/organizer/components/messages/messages-section.tsx';

/** The event, its messages and its questions, for the server's HTML when the token allows it. */
export const createLoader = (context: RouteContext) =>
  createOrganiserEventLoader(context, (eventId) => [
    context.queryClient.prefetchQuery(eventMessagesQueryOptions(context.api, eventId)),
    context.queryClient.prefetchQuery(questionsQueryOptions(context.api, eventId)),
  ]);

/** The composer and an open message live in the address; the page's own queries follow them. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function Component() {
  return (
    <OrganiserEventPage
      heading="Messages to attendees"
      title={(eventTitle) => `Messages to attendees of ${eventTitle}`}
      description="Write to the people holding tickets to the event, and see how each message went."
      intro="write to the people holding tickets — all of them, some ticket types, those checked in or not. Each person receives a message once, by email."
    >
      {(event) => <MessagesSection event={event} />}
    </OrganiserEventPage>
  );
}
