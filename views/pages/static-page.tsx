// Footer pages (terms, privacy, …): structured text from the legal namespace with company facts.
import { usePage } from '../render-context.js';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export function StaticPage({ slug, vars }: { slug: string; vars: Record<string, string | number> }) {
  const { t } = usePage();
  // The structure gives the counts; every string is then translated on its own so that the
  // {{variables}} inside it are filled in.
  const raw = t(`legal:${slug}.sections`, { returnObjects: true }) as unknown as LegalSection[];
  const sections = (Array.isArray(raw) ? raw : []).map((s, i) => ({
    heading: t(`legal:${slug}.sections.${i}.heading`, vars),
    paragraphs: s.paragraphs.map((_, j) => t(`legal:${slug}.sections.${i}.paragraphs.${j}`, vars)),
  }));
  return (
    <article className="container section prose">
      <h1 className="page-title">{t(`legal:${slug}.title`, vars)}</h1>
      <p className="prose__intro">{t(`legal:${slug}.intro`, vars)}</p>
      {sections.map((s, i) => (
          <section key={i}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </section>
        ))}
    </article>
  );
}
