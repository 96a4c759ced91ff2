// Footer pages (terms, privacy, …): structured text from the legal namespace with company facts.
// The text is the same for every request of a site, language and company: legalText() renders it
// once into HTML that StaticPage then places (server/routes/pages/info-routes.ts caches it).
import type { TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** "Amora Media B.V." at the end of a sentence takes no second period. */
const tidy = (text: string) => text.replace(/(\b[A-Z]\.)\./g, '$1');

function LegalText({ translate, slug, vars }: { translate: TFunction; slug: string; vars: Record<string, string | number> }) {
  const t = (key: string, opts?: Record<string, unknown>) => {
    const out = translate(key, opts ?? {}) as unknown;
    return typeof out === 'string' ? tidy(out) : out;
  };
  // The structure gives the counts; every string is then translated on its own so that the
  // {{variables}} inside it are filled in.
  const raw = translate(`legal:${slug}.sections`, { returnObjects: true }) as unknown as LegalSection[];
  const sections = (Array.isArray(raw) ? raw : []).map((s, i) => ({
    heading: String(t(`legal:${slug}.sections.${i}.heading`, vars)),
    paragraphs: s.paragraphs.map((_, j) => String(t(`legal:${slug}.sections.${i}.paragraphs.${j}`, vars))),
  }));
  return (
    <>
      <h1 className="page-title">{String(t(`legal:${slug}.title`, vars))}</h1>
      {/* SPEC.md §9: the terms carry their version date (2023-12-01, or the company's added date if later). */}
      {slug === 'terms' && (
        <p className="prose__version" data-testid="terms-version">
          {String(t('legal:termsVersion.label'))} <time dateTime={String(vars.termsDateIso)}>{vars.termsDate}</time>
        </p>
      )}
      <p className="prose__intro">{String(t(`legal:${slug}.intro`, vars))}</p>
      {sections.map((s, i) => (
          <section key={i}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </section>
        ))}
    </>
  );
}

/** The page's text as HTML (escaped by React), to render once and reuse. */
export function legalText(t: TFunction, slug: string, vars: Record<string, string | number>): string {
  return renderToStaticMarkup(<LegalText translate={t} slug={slug} vars={vars} />);
}

export function StaticPage({ html }: { html: string }) {
  return <article className="container section prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
