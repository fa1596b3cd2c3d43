import { Fragment, type ReactNode } from 'react';
import type { NavigationVerdict } from '../../lib/external-navigation.ts';
import { OutboundLink, useNavigationVerdict } from '../../lib/outbound-link.tsx';
import { type Inline, parseMarkdown } from './markdown.ts';

type LinkPolicy = (href: string) => NavigationVerdict;

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
        const verdict = policy(node.href);
        if (verdict === 'internal') {
          return (
            <a key={key} href={node.href}>
              {children}
            </a>
          );
        }
        if (verdict === 'allowed-external') {
          return (
            <OutboundLink key={key} href={node.href}>
              {children}
            </OutboundLink>
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
  const policy = useNavigationVerdict();
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
