import { useId } from "react";
import type { AddedArticle } from "./added-articles.ts";
import { httpHref } from "../../lib/web-address.ts";
import { useQuery } from "@tanstack/react-query";
import { addedArticlesQuery } from "./api.ts";
import { useDeleteAddedArticle } from "./hooks.ts";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";

/** The articles the person added to their graph (shown on their profile), each with a delete. */
export function AddedArticles({ userId }: { userId: string }) {
  const articles = useQuery(addedArticlesQuery(userId));
  const remove = useDeleteAddedArticle(userId);
  const headingId = useId();

  return (
    <Section
      title="articles you added to graph"
      count={articles.data && articles.data.length > 0 ? articles.data.length : undefined}
      headingId={headingId}
      testId="added-articles"
    >
      <QueryState
        query={articles}
        what="your articles"
        loading="loading your articles..."
        empty={
          <p className="tune-section__empty" data-testid="added-empty">
            no articles added yet. add an article from your feed, and it shows here and on your profile.
          </p>
        }
      >
        {(list) => (
          <ul className="tune-rows" aria-labelledby={headingId} data-testid="added-list">
            {list.map((article) => (
              <ArticleRow key={article.id} article={article} onDelete={() => remove.mutate(article)} />
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}

function ArticleRow({ article, onDelete }: { article: AddedArticle; onDelete: () => void }) {
  const href = httpHref(article.link);
  return (
    <li className="tune-row" data-testid="added-article" data-article-id={article.id}>
      <div className="tune-row__main">
        {href ? (
          <a className="tune-row__title" href={href} target="_blank" rel="noopener">
            {article.title}
          </a>
        ) : (
          <span className="tune-row__title">{article.title}</span>
        )}
        <span className="tune-row__meta">{article.source_name}</span>
      </div>
      <button
        type="button"
        className="button button--ghost tune-row__action tune-row__delete"
        aria-label={`delete ${article.title}`}
        onClick={onDelete}
        data-testid="delete-article"
      >
        delete
      </button>
    </li>
  );
}
