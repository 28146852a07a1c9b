import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { errorText } from "../../lib/api.ts";
import { PlanUpgradeNote, planRequiredOf, usePlanIncludes } from "../billing/index.ts";
import { filtersQuery, type FilterChange } from "./api.ts";
import {
  FEED_KINDS,
  FILTER_FAILED,
  KIND_LABELS,
  languageCode,
  languageName,
  type FiltersView,
} from "./feed-filters.ts";
import { useFilterChange } from "./hooks.ts";
import "./filters.css";

/**
 * The advanced filters beside the muted words: a word muted within one topic, the kinds of
 * source and the languages shown, countries and subjects of sources left out. On a plan without
 * filters, those kept are listed (and removable) as paused, with the upgrade link, and nothing
 * can be added.
 */
export function FeedFilters({ userId }: { userId: string }) {
  const filters = useQuery(filtersQuery(userId));
  const change = useFilterChange(userId);
  const included = usePlanIncludes("filters");
  const send = (c: FilterChange) => change.mutate(c);
  return (
    <Section title="advanced filters" testId="feed-filters">
      {!included && (
        <PlanUpgradeNote feature="filters">
          feed filters are part of the pro plan: muted words and these filters hide nothing on your plan. any you kept
          are paused, and apply again when you upgrade.
        </PlanUpgradeNote>
      )}
      {change.isError && planRequiredOf(change.error) && included && (
        // The plan changed since the page was read (a subscription ended): the server's refusal says so.
        <PlanUpgradeNote feature="filters">{planRequiredOf(change.error)!.message}</PlanUpgradeNote>
      )}
      {change.isError && !planRequiredOf(change.error) && (
        <p className="fine-print tune-form__problem" role="alert" data-testid="filter-error">
          {errorText(change.error, FILTER_FAILED)}
        </p>
      )}
      <QueryState query={filters} what="your feed filters" loading="loading your feed filters..." empty={null}>
        {(view) => (
          <div className="feed-filters">
            <TopicWords view={view} canAdd={included} send={send} />
            <Kinds view={view} canChange={included} send={send} />
            <Named
              title="languages shown"
              testId="filter-languages"
              hint="articles in other languages stay out; none chosen shows every language (articles of no known language always show)."
              values={view.languages}
              label={(code) => `${languageName(code)} (${code})`}
              canAdd={included}
              max={view.limits.maxLanguages}
              field={(value, set, label) => (
                <input
                  aria-label={label}
                  className="tune-form__input"
                  type="text"
                  placeholder="language code, e.g. en"
                  maxLength={3}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                  data-testid="filter-languages-input"
                />
              )}
              parse={languageCode}
              add={(language) => send({ kind: "language", add: true, language })}
              remove={(language) => send({ kind: "language", add: false, language })}
              addLabel="show"
              removeLabel="remove"
            />
            <Named
              title="countries left out"
              testId="filter-countries"
              hint="sources from a national list of these countries stay out. sources of no known country always show."
              values={view.countries}
              label={(c) => c}
              canAdd={included}
              max={view.limits.maxCountries}
              field={(value, set, label) => (
                <Choice
                  value={value}
                  set={set}
                  label={label}
                  options={view.options.countries}
                  what="a country"
                  testId="filter-countries-input"
                />
              )}
              parse={(v) => (v === "" ? null : v)}
              add={(country) => send({ kind: "country", add: true, country })}
              remove={(country) => send({ kind: "country", add: false, country })}
              addLabel="leave out"
              removeLabel="show again"
            />
            <Named
              title="subjects left out"
              testId="filter-subjects"
              hint="sources the catalogue lists under these subjects stay out."
              values={view.subjects}
              label={(s) => s}
              canAdd={included}
              max={view.limits.maxSubjects}
              field={(value, set, label) => (
                <Choice
                  value={value}
                  set={set}
                  label={label}
                  options={view.options.subjects}
                  what="a subject"
                  testId="filter-subjects-input"
                />
              )}
              parse={(v) => (v === "" ? null : v)}
              add={(subject) => send({ kind: "subject", add: true, subject })}
              remove={(subject) => send({ kind: "subject", add: false, subject })}
              addLabel="leave out"
              removeLabel="show again"
            />
          </div>
        )}
      </QueryState>
    </Section>
  );
}

type Send = (change: FilterChange) => void;

function Choice(props: {
  value: string;
  set: (v: string) => void;
  label: string;
  options: string[];
  what: string;
  testId: string;
}) {
  return (
    <select
      aria-label={props.label}
      className="tune-form__input"
      value={props.value}
      onChange={(e) => props.set(e.target.value)}
      data-testid={props.testId}
    >
      <option value="">choose {props.what}</option>
      {props.options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

/** Words muted within one of the person's topics. */
function TopicWords({ view, canAdd, send }: { view: FiltersView; canAdd: boolean; send: Send }) {
  const [topic, setTopic] = useState("");
  const [word, setWord] = useState("");
  const headingId = useId();
  const topicId = useId();
  const wordId = useId();
  const full = view.topicWords.length >= view.limits.maxTopicWords;
  const ready =
    canAdd && !full && topic !== "" && word.trim() !== "" && [...word.trim()].length <= view.limits.maxWordLength;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    send({ kind: "topicWord", add: true, topic, word: word.replace(/\s+/gu, " ").trim() });
    setWord("");
  };
  return (
    <div className="feed-filters__part" data-testid="filter-topic-words">
      <h3 id={headingId} className="tune-section__subtitle">
        words muted within a topic
      </h3>
      <p className="fine-print">
        articles of that topic naming the word stay out; the word still shows in your other topics.
      </p>
      {canAdd && (
        <form className="tune-form" onSubmit={onSubmit} aria-label="mute a word within a topic">
          <div className="tune-form__row">
            <label htmlFor={topicId} className="visually-hidden">
              topic
            </label>
            <select
              id={topicId}
              className="tune-form__input"
              value={topic}
              onChange={(e) => setTopic(e.target.value)}
              data-testid="filter-topic-select"
            >
              <option value="">choose a topic</option>
              {view.options.topics.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
            <label htmlFor={wordId} className="visually-hidden">
              word to mute within the topic
            </label>
            <input
              id={wordId}
              className="tune-form__input"
              type="text"
              autoComplete="off"
              placeholder="word or phrase"
              maxLength={view.limits.maxWordLength}
              value={word}
              onChange={(e) => setWord(e.target.value)}
              data-testid="filter-topic-word-input"
            />
            <button
              type="submit"
              className="button button--primary"
              disabled={!ready}
              data-testid="filter-topic-word-add"
            >
              mute
            </button>
          </div>
        </form>
      )}
      <Rows
        labelledBy={headingId}
        empty="no words muted within a topic."
        rows={view.topicWords.map((t) => ({
          key: `${t.topic}\u001f${t.word}`,
          text: `"${t.word}" in ${t.topic}`,
          action: "unmute",
          onAction: () => send({ kind: "topicWord", add: false, topic: t.topic, word: t.word }),
        }))}
      />
    </div>
  );
}

/** The kinds of source shown: at least one stays chosen. */
function Kinds({ view, canChange, send }: { view: FiltersView; canChange: boolean; send: Send }) {
  const headingId = useId();
  return (
    <fieldset className="feed-filters__part" data-testid="filter-kinds" aria-labelledby={headingId}>
      <legend id={headingId} className="tune-section__subtitle">
        kinds of source shown
      </legend>
      {FEED_KINDS.map((kind) => {
        const on = view.kinds.includes(kind);
        const last = on && view.kinds.length === 1;
        return (
          <label key={kind} className="feed-filters__kind">
            <input
              type="checkbox"
              checked={on}
              disabled={!canChange || last}
              onChange={() =>
                send({ kind: "kinds", kinds: on ? view.kinds.filter((k) => k !== kind) : [...view.kinds, kind] })
              }
              data-testid={`filter-kind-${kind}`}
            />{" "}
            {KIND_LABELS[kind]}
          </label>
        );
      })}
    </fieldset>
  );
}

/** A list of names or codes with a field to add one. */
function Named(props: {
  title: string;
  testId: string;
  hint: string;
  values: string[];
  label: (value: string) => string;
  canAdd: boolean;
  max: number;
  field: (value: string, set: (v: string) => void, label: string) => ReactNode;
  parse: (raw: string) => string | null;
  add: (value: string) => void;
  remove: (value: string) => void;
  addLabel: string;
  removeLabel: string;
}) {
  const [value, setValue] = useState("");
  const headingId = useId();
  const parsed = props.parse(value);
  const ready = props.canAdd && parsed !== null && props.values.length < props.max;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    props.add(parsed);
    setValue("");
  };
  return (
    <div className="feed-filters__part" data-testid={props.testId}>
      <h3 id={headingId} className="tune-section__subtitle">
        {props.title}
      </h3>
      <p className="fine-print">{props.hint}</p>
      {props.canAdd && (
        <form className="tune-form" onSubmit={onSubmit} aria-label={props.title}>
          <div className="tune-form__row">
            {props.field(value, setValue, props.title)}
            <button
              type="submit"
              className="button button--primary"
              disabled={!ready}
              data-testid={`${props.testId}-add`}
            >
              {props.addLabel}
            </button>
          </div>
        </form>
      )}
      <Rows
        labelledBy={headingId}
        empty="none."
        rows={props.values.map((v) => ({
          key: v,
          text: props.label(v),
          action: props.removeLabel,
          onAction: () => props.remove(v),
        }))}
      />
    </div>
  );
}

function Rows(props: {
  labelledBy: string;
  empty: string;
  rows: Array<{ key: string; text: string; action: string; onAction: () => void }>;
}) {
  if (props.rows.length === 0) return <p className="tune-section__empty">{props.empty}</p>;
  return (
    <ul className="tune-rows" aria-labelledby={props.labelledBy}>
      {props.rows.map((row) => (
        <li key={row.key} className="tune-row" data-testid="filter-row" data-value={row.text}>
          <div className="tune-row__main">
            <span className="tune-row__title">{row.text}</span>
          </div>
          <button
            type="button"
            className="button button--outline tune-row__action"
            aria-label={`${row.action} ${row.text}`}
            onClick={row.onAction}
          >
            {row.action}
          </button>
        </li>
      ))}
    </ul>
  );
}
