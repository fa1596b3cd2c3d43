import { describe, expect, it } from 'vitest';
import { renderOrganiserPage } from '../member-page.test-helper.ts';

/** The page's answer status; the API answers every call with an empty success. */
async function statusOf(path: string): Promise<number> {
  return (await renderOrganiserPage(path, async () => ({ statusCode: 200, body: '{"data":{}}' }))).status;
}

describe('the door list page', () => {
  it('answers Page Not Found (404) for an address whose event id is not an id', async () => {
    for (const path of [
      '/organizer/events/not-a-uuid/door-list',
      '/organizer/events/new/door-list',
      '/organizer/events/%20/door-list',
    ]) {
      expect(await statusOf(path), path).toBe(404);
    }
  });

  it('opens for a well-formed event id', async () => {
    expect(await statusOf('/organizer/events/22222222-2222-4222-8222-222222222222/door-list')).toBe(200);
  });
});
