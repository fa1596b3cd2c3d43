import { z } from 'zod';

// The help desk's answers: categories, articles (Markdown bodies), search and feedback.

export const helpSlugSchema = z
  .string()
  .trim()
  .min(1, 'Give it an address, such as refunds-and-fees.')
  .max(80, 'At most 80 characters.')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');

export const helpArticleStatusSchema = z.enum(['draft', 'published']);
export type HelpArticleStatus = z.infer<typeof helpArticleStatusSchema>;

export const helpArticleLinkSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  categorySlug: z.string(),
});
export type HelpArticleLink = z.infer<typeof helpArticleLinkSchema>;

export const helpCategorySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  articles: z.array(helpArticleLinkSchema),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;
export const helpCategoryListSchema = z.object({ items: z.array(helpCategorySchema) });

export const helpArticleSchema = helpArticleLinkSchema.extend({
  body: z.string(),
  categoryTitle: z.string(),
  updatedAt: z.string(),
  related: z.array(helpArticleLinkSchema),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpSearchQuerySchema = z.object({ q: z.string().trim().min(1, 'Type what you are looking for.').max(200) });
export const helpSearchResultSchema = z.object({ items: z.array(helpArticleLinkSchema) });
export type HelpSearchResult = z.infer<typeof helpSearchResultSchema>;

export const helpSlugParamsSchema = z.object({ slug: helpSlugSchema });
export const helpCategoryParamsSchema = z.object({ category: helpSlugSchema });

export const helpVoteSchema = z.object({ helpful: z.boolean() });
export const helpVoteResultSchema = z.object({ helpful: z.boolean() });

// Agents edit articles and categories.
export const helpArticleInputSchema = z.object({
  categorySlug: helpSlugSchema,
  slug: helpSlugSchema,
  title: z.string().trim().min(3, 'Give the article a title.').max(160),
  summary: z.string().trim().max(300).default(''),
  body: z.string().trim().min(1, 'Write the answer.').max(20_000),
  status: helpArticleStatusSchema,
});
export type HelpArticleInput = z.infer<typeof helpArticleInputSchema>;

export const helpAdminArticleSchema = helpArticleInputSchema.extend({
  id: z.uuid(),
  helpfulVotes: z.number().int(),
  unhelpfulVotes: z.number().int(),
  updatedAt: z.string(),
});
export type HelpAdminArticle = z.infer<typeof helpAdminArticleSchema>;
export const helpAdminArticleListSchema = z.object({ items: z.array(helpAdminArticleSchema) });
export const helpArticleIdParamsSchema = z.object({ articleId: z.uuid() });

export const helpCategoryInputSchema = z.object({
  slug: helpSlugSchema,
  title: z.string().trim().min(2, 'Give the category a title.').max(80, 'At most 80 characters.'),
  summary: z.string().trim().max(300, 'At most 300 characters.').default(''),
  firstReplyHours: z
    .number('Enter a number of hours.')
    .int('Enter whole hours.')
    .min(1, 'At least 1 hour.')
    .max(720, 'At most 720 hours (30 days).'),
});
export type HelpCategoryInput = z.infer<typeof helpCategoryInputSchema>;

/** Every category as agents edit it, with how many articles (drafts included) it holds. */
export const helpAdminCategorySchema = helpCategoryInputSchema.extend({ articles: z.number().int() });
export type HelpAdminCategory = z.infer<typeof helpAdminCategorySchema>;
export const helpAdminCategoryListSchema = z.object({ items: z.array(helpAdminCategorySchema) });
