import { Fragment, type ReactNode } from 'react';
import { judgeNavigation } from '../../lib/external-navigation.ts';
import { useBootState } from '../../lib/public-config.tsx';
import { type Inline, parseMarkdown } from './markdown.ts';

interface LinkPolicy {
  origin: string;
  allowedOrigins: readonly string[];
}

function renderInline(nodes: Inline[], policy: LinkPolicy): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${node.type}-${index}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.text}</Fragment>;
      case 'break':
        return <br key={key} />;
      case 'strong':
        return <strong key={key}>{renderInline(node.children, policy)}</strong>;
      case 'em':
        return <em key={key}>{renderInline(node.children, policy)}</em>;
      case 'link': {
        const children = renderInline(node.children, policy);
        const verdict = judgeNavigation(node.href, policy.origin, policy.allowedOrigins);
        if (verdict === 'internal') {
          return (
            <a key={key} href={node.href}>
              {children}
            </a>
          );
        }
        if (verdict === 'allowed-external') {
          return (
            <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
              {children}
            </a>
          );
        }
        // The site refuses links to origins it does not trust; the address stays readable to copy.
        const address = node.href.replace(/^https?:\/\//, '').replace(/\/$/, '');
        const label = node.children.length === 1 && node.children[0]?.type === 'text' ? node.children[0].text : null;
        return (
          <span key={key}>
            {children}
            {label === node.href || label === address ? null : <span className="break-all text-slate-600"> ({address})</span>}
          </span>
        );
      }
      default:
        return null;
    }
  });
}

/** Organiser-written Markdown as React elements: no raw HTML, web links only, untrusted origins as text. */
export function MarkdownText({ source }: { source: string }) {
  const { origin, config } = useBootState();
  const policy = { origin, allowedOrigins: config.allowedExternalOrigins };
  return (
    <div className="prose max-w-none">
      {parseMarkdown(source).map((block, index) => {
        const key = `${block.type}-${index}`;
        if (block.type === 'heading') return <h3 key={key}>{renderInline(block.children, policy)}</h3>;
        if (block.type === 'paragraph') return <p key={key}>{renderInline(block.children, policy)}</p>;
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={key}>
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items are static text with no identity of their own
              <li key={itemIndex}>{renderInline(item, policy)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
