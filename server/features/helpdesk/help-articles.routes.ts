import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emptySchema } from '../../../src/contract/auth.ts';
import {
  helpAdminArticleListSchema,
  helpAdminArticleSchema,
  helpAdminCategoryListSchema,
  helpArticleIdParamsSchema,
  helpArticleInputSchema,
  helpArticleSchema,
  helpCategoryInputSchema,
  helpCategoryListSchema,
  helpCategoryParamsSchema,
  helpCategorySchema,
  helpSearchQuerySchema,
  helpSearchResultSchema,
  helpSlugParamsSchema,
  helpVoteResultSchema,
  helpVoteSchema,
} from '../../../src/contract/help-desk.ts';
import type { ApiContext } from '../../api-context.ts';
import { networkPrefix } from '../../lib/network-prefix.ts';
import type { HeaderSpec } from '../../plugins/route-registry.ts';
import { requireAgent } from './agent-access.ts';
import {
  adminCategories,
  allArticles,
  helpArticle,
  helpCategories,
  helpCategory,
  saveArticle,
  saveCategory,
  searchHelp,
  voteOnArticle,
} from './help-articles.service.ts';

const tags = ['help desk'];

/** A random id that lets a visitor without an account vote once per article. */
const voterCookieName = 'helpVoter';
const voterCookie: HeaderSpec = {
  name: voterCookieName,
  in: 'cookie',
  required: false,
  description: 'The visitor’s random voting id, set by the first vote.',
  schema: z.string(),
};

function voterOf(request: FastifyRequest, reply: FastifyReply, userId: string | null): string {
  if (userId) return `user:${userId}`;
  const present = request.cookies[voterCookieName];
  if (present && /^[\w-]{32,64}$/.test(present)) return `visitor:${present}`;
  const fresh = randomBytes(24).toString('base64url');
  reply.setCookie(voterCookieName, fresh, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    expires: new Date(Date.now() + 400 * 24 * 3600 * 1000),
  });
  return `visitor:${fresh}`;
}

export function helpArticlesRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/help/categories',
    summary: 'The help desk’s categories with their published articles',
    tags,
    auth: 'none',
    response: helpCategoryListSchema,
    handler: async () => ({ message: 'Help categories.', data: { items: await helpCategories(db) } }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/help/categories/:category',
    summary: 'One help category and its published articles',
    tags,
    auth: 'none',
    params: helpCategoryParamsSchema,
    response: helpCategorySchema,
    handler: async ({ params }) => ({ message: 'Help category.', data: await helpCategory(db, params.category) }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/help/articles/:slug',
    summary: 'A published help article with related ones',
    tags,
    auth: 'none',
    params: helpSlugParamsSchema,
    response: helpArticleSchema,
    handler: async ({ params }) => ({ message: 'Help article.', data: await helpArticle(db, params.slug) }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/help/search',
    summary: 'Published help articles matching the words, ranked, forgiving small typing mistakes',
    tags,
    auth: 'none',
    query: helpSearchQuerySchema,
    response: helpSearchResultSchema,
    handler: async ({ query }) => ({ message: 'Matching articles.', data: { items: await searchHelp(db, query.q) } }),
  });

  routes.add(app, {
    method: 'PUT',
    url: '/help/articles/:slug/vote',
    summary: 'Say whether an article answered your question (one vote per visitor, which they may change)',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    headers: [voterCookie],
    params: helpSlugParamsSchema,
    body: helpVoteSchema,
    response: helpVoteResultSchema,
    errors: ['TOO_MANY_REQUESTS'],
    handler: async ({ params, body, request, reply }) => {
      const caller = await auth.optional(request);
      const voter = voterOf(request, reply, caller?.sub ?? null);
      await voteOnArticle(db, { slug: params.slug, helpful: body.helpful, voter, network: networkPrefix(request.ip) });
      return { message: 'Thank you for your feedback.', data: { helpful: body.helpful } };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/help/articles',
    summary: 'Every help article, drafts included (agents)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    response: helpAdminArticleListSchema,
    handler: async ({ request }) => {
      await requireAgent(db, await auth.require(request), 'help.edit');
      return { message: 'Help articles.', data: { items: await allArticles(db) } };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/help/articles',
    summary: 'Write a help article (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    body: helpArticleInputSchema,
    response: helpAdminArticleSchema,
    statuses: ['CREATED'],
    handler: async ({ body, request }) => {
      const caller = await auth.require(request);
      await requireAgent(db, caller, 'help.edit');
      return { message: 'Article saved.', data: await saveArticle(db, caller.sub, null, body) };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/admin/help/articles/:articleId',
    summary: 'Change a help article, or publish or unpublish it (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: helpArticleIdParamsSchema,
    body: helpArticleInputSchema,
    response: helpAdminArticleSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      await requireAgent(db, caller, 'help.edit');
      return { message: 'Article saved.', data: await saveArticle(db, caller.sub, params.articleId, body) };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/help/categories',
    summary: 'Every help category, those without published articles too (agents)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    response: helpAdminCategoryListSchema,
    handler: async ({ request }) => {
      await requireAgent(db, await auth.require(request), 'help.edit');
      return { message: 'Help categories.', data: { items: await adminCategories(db) } };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/admin/help/categories',
    summary: 'Add a help category or change one, by slug (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    body: helpCategoryInputSchema,
    response: emptySchema,
    handler: async ({ body, request }) => {
      const caller = await auth.require(request);
      await requireAgent(db, caller, 'help.edit');
      await saveCategory(db, caller.sub, body);
      return { message: 'Category saved.', data: {} };
    },
  });
}
