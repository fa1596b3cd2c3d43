/** The help desk's query keys: public answers, and a person's cases. */
export const helpKeys = {
  all: ['help'] as const,
  categories: () => [...helpKeys.all, 'categories'] as const,
  category: (slug: string) => [...helpKeys.all, 'category', slug] as const,
  article: (slug: string) => [...helpKeys.all, 'article', slug] as const,
  search: (q: string) => [...helpKeys.all, 'search', q] as const,
  cases: () => [...helpKeys.all, 'cases'] as const,
  case: (id: string) => [...helpKeys.cases(), id] as const,
  caseOptions: () => [...helpKeys.all, 'case-options'] as const,
  agentQueue: (filters: Record<string, string | undefined>) => [...helpKeys.all, 'agent-queue', filters] as const,
  agentCase: (id: string) => [...helpKeys.all, 'agent-case', id] as const,
  savedReplies: () => [...helpKeys.all, 'saved-replies'] as const,
  adminArticles: () => [...helpKeys.all, 'admin-articles'] as const,
  adminCategories: () => [...helpKeys.all, 'admin-categories'] as const,
};
