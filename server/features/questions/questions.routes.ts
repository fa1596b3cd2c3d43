import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventParamsSchema } from '../../../src/contract/events.ts';
import {
  checkoutQuestionsSchema,
  eventQuestionsSchema,
  questionFieldsSchema,
  questionOrderSchema,
  questionParamsSchema,
  questionSchema,
  questionSettingsSchema,
} from '../../../src/contract/questions.ts';
import type { ApiContext } from '../../api-context.ts';
import {
  changeQuestion,
  checkoutQuestions,
  createQuestion,
  listQuestions,
  removeQuestion,
  reorderQuestions,
  saveQuestionSettings,
} from './questions.service.ts';

const tags = ['questions'];
const editors = 'Owners and managers of the event’s organisation (events.edit)';

export function questionsRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/questions',
    summary: `The questions the event asks at checkout, in the order buyers see them, with their answers’ counts and settings. ${editors}`,
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    response: eventQuestionsSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Questions.', data: await listQuestions(db, caller.sub, params.eventId) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/questions',
    summary: `Add a question, asked after the event’s others (at most 50). ${editors}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: eventParamsSchema,
    body: questionFieldsSchema,
    response: questionSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      return { message: 'Question added.', data: await createQuestion(db, caller.sub, params.eventId, body) };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/events/:eventId/questions/:questionId',
    summary: `Change a question; answers already given keep the question as it was asked. ${editors}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: questionParamsSchema,
    body: questionFieldsSchema,
    response: questionSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const question = await changeQuestion(db, caller.sub, params.eventId, params.questionId, body);
      return { message: 'Question saved.', data: question };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/events/:eventId/questions/:questionId',
    summary: `Stop asking a question: one with answers is archived so they stay readable, one without is deleted. ${editors}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: questionParamsSchema,
    response: z.object({ archived: z.boolean() }),
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      const data = await removeQuestion(db, caller.sub, params.eventId, params.questionId);
      return { message: data.archived ? 'Question archived: its answers stay with their orders.' : 'Question deleted.', data };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/events/:eventId/questions-order',
    summary: `Put the event’s questions in the order buyers see them (every live question, once). ${editors}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    body: questionOrderSchema,
    response: eventQuestionsSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const data = await reorderQuestions(db, caller.sub, params.eventId, body.questionIds);
      return { message: 'Questions reordered.', data };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/events/:eventId/question-settings',
    summary: `Until when buyers may correct their answers on their booking page. ${editors}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    body: questionSettingsSchema,
    response: eventQuestionsSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      return { message: 'Settings saved.', data: await saveQuestionSettings(db, caller.sub, params.eventId, body) };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/checkout-questions',
    summary: 'The questions buyers of the event answer at checkout (a draft only for its organisation)',
    tags,
    auth: 'optional',
    params: eventParamsSchema,
    response: checkoutQuestionsSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.optional(request);
      return { message: 'Questions.', data: await checkoutQuestions(db, params.eventId, caller?.sub ?? null) };
    },
  });
}
