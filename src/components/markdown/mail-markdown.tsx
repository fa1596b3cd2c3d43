import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';

// Markdown as a message to attendees reads in their mail (the server renders it with marked too, GitHub-flavoured with
// line breaks kept): marked's tokens drawn as React elements, so nothing written reaches the page as markup. Raw HTML
// shows as the text it is, an image as its description, and a link leads nowhere: its address is shown beside it, as
// the person reviewing a message needs to see where it points.

const lexerOptions = { gfm: true, breaks: true } as const;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references as the mail shows them (`&amp;` reads "&"); unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The mail keeps web and email links only; anything else shows its text alone. */
const mailHref = (href: string) => (/^(https?:\/\/|mailto:)/i.test(href.trim()) ? href.trim() : null);

const childrenOf = (token: Token): Token[] => ('tokens' in token && Array.isArray(token.tokens) ? token.tokens : []);

function renderInline(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, index) => {
    const key = `${token.type}-${index}`;
    switch (token.type) {
      case 'strong':
        return <strong key={key}>{renderInline(childrenOf(token))}</strong>;
      case 'em':
        return <em key={key}>{renderInline(childrenOf(token))}</em>;
      case 'del':
        return <del key={key}>{renderInline(childrenOf(token))}</del>;
      case 'codespan':
        return <code key={key}>{decodeEntities((token as Tokens.Codespan).text)}</code>;
      case 'br':
        return <br key={key} />;
      case 'link': {
        const link = token as Tokens.Link;
        const href = mailHref(link.href);
        const inner = renderInline(childrenOf(token));
        if (!href) return <Fragment key={key}>{inner}</Fragment>;
        const shown = href.replace(/^mailto:/i, '');
        return (
          <span key={key}>
            <span className="text-indigo-700 underline underline-offset-2">{inner}</span>
            {link.text === href || link.text === shown ? null : <span className="break-all text-slate-600"> ({shown})</span>}
          </span>
        );
      }
      case 'image':
        return <Fragment key={key}>{(token as Tokens.Image).text}</Fragment>;
      case 'html':
        return <Fragment key={key}>{(token as Tokens.HTML).text}</Fragment>;
      case 'escape':
        return <Fragment key={key}>{(token as Tokens.Escape).text}</Fragment>;
      case 'text': {
        const text = token as Tokens.Text;
        return text.tokens ? (
          <Fragment key={key}>{renderInline(text.tokens)}</Fragment>
        ) : (
          <Fragment key={key}>{decodeEntities(text.text)}</Fragment>
        );
      }
      default:
        return (
          <Fragment key={key}>{'text' in token && typeof token.text === 'string' ? decodeEntities(token.text) : ''}</Fragment>
        );
    }
  });
}

function renderBlocks(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, index) => {
    const key = `${token.type}-${index}`;
    switch (token.type) {
      case 'space':
      case 'def':
        return null;
      case 'paragraph':
        return <p key={key}>{renderInline(childrenOf(token))}</p>;
      case 'heading':
        // A heading of the message, not of the page around it.
        return (
          <p key={key} className="font-bold text-slate-900">
            {renderInline(childrenOf(token))}
          </p>
        );
      case 'blockquote':
        return (
          <blockquote key={key} className="border-slate-300 border-l-4 pl-3 text-slate-700">
            {renderBlocks(childrenOf(token))}
          </blockquote>
        );
      case 'code':
        return (
          <pre key={key} className="whitespace-pre-wrap break-words">
            <code>{(token as Tokens.Code).text}</code>
          </pre>
        );
      case 'hr':
        return <hr key={key} />;
      case 'html':
        return <p key={key}>{(token as Tokens.HTML).text}</p>;
      case 'list': {
        const list = token as Tokens.List;
        const items = list.items.map((item, itemIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: list items are text with no identity of their own
          <li key={itemIndex}>
            {item.task ? <span aria-hidden="true">{item.checked ? '☑ ' : '☐ '}</span> : null}
            {item.loose ? renderBlocks(item.tokens) : renderInline(item.tokens)}
          </li>
        ));
        return list.ordered ? (
          <ol key={key} start={typeof list.start === 'number' && list.start !== 1 ? list.start : undefined}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'table': {
        const table = token as Tokens.Table;
        return (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways, and a keyboard must reach it to scroll
          <div key={key} className="table-scroll" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  {table.header.map((cell, cellIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are text with no identity of their own
                    <th key={cellIndex}>{renderInline(cell.tokens)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, rowIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are text with no identity of their own
                  <tr key={rowIndex}>
                    {row.map((cell, cellIndex) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are text with no identity of their own
                      <td key={cellIndex}>{renderInline(cell.tokens)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      }
      case 'text': {
        const text = token as Tokens.Text;
        return <p key={key}>{text.tokens ? renderInline(text.tokens) : decodeEntities(text.text)}</p>;
      }
      default:
        return <p key={key}>{renderInline(childrenOf(token))}</p>;
    }
  });
}

/** A message's Markdown as the attendee's mail shows it, drawn as elements: no HTML written in it becomes markup. */
export function MailMarkdown({ source }: { source: string }) {
  return (
    <div className="prose max-w-none break-words [&>:first-child]:mt-0">{renderBlocks(Lexer.lex(source, lexerOptions))}</div>
  );
}
