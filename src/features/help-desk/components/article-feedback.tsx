import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { useVoteHelpArticle } from '../api/vote-help-article.ts';

/** "Did this answer your question?" — one vote per visitor, which they may change. */
export function ArticleFeedback({ slug }: { slug: string }) {
  const vote = useVoteHelpArticle(slug);
  const [answer, setAnswer] = useState<boolean | null>(null);
  const send = (helpful: boolean) => vote.mutate(helpful, { onSuccess: () => setAnswer(helpful) });
  return (
    <section aria-labelledby="feedback-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="feedback-title" className="font-semibold text-slate-900">
        Did this answer your question?
      </h2>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className={buttonClass(answer === true ? 'primary' : 'secondary', 'small')}
          aria-pressed={answer === true}
          aria-busy={vote.isPending}
          onClick={() => send(true)}
        >
          Yes
        </button>
        <button
          type="button"
          className={buttonClass(answer === false ? 'primary' : 'secondary', 'small')}
          aria-pressed={answer === false}
          aria-busy={vote.isPending}
          onClick={() => send(false)}
        >
          No
        </button>
      </div>
      <p role="status" className="mt-2 text-slate-700 text-sm">
        {answer === true ? 'Thank you — glad it helped.' : null}
        {answer === false ? 'Thank you. If you still need help, raise a case below.' : null}
      </p>
    </section>
  );
}
