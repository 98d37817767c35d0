import { type FormEvent, useState } from "react";

interface SearchBoxProps {
  /** Names the box for a screen reader and shows as its placeholder. */
  label: string;
  /** The text the list is searched by now (from the URL): the box shows it, and again after a search. */
  text: string;
  onSearch: (text: string) => void;
}

/** Buscar searches by the text typed; Limpar empties the box and lists everything again. */
interface SubmittedSearchProps extends SearchBoxProps {
  searchLabel: string;
  clearLabel: string;
}

/**
 * A back-office list's search box. With `searchLabel` and `clearLabel` nothing is searched until
 * Buscar (or Enter); without them each keystroke searches, for a list already held in the browser.
 */
export const SearchBox = (props: SearchBoxProps | SubmittedSearchProps) =>
  "searchLabel" in props ? <SubmittedSearch key={props.text} {...props} /> : <LiveSearch {...props} />;

const LiveSearch = ({ label, text, onSearch }: SearchBoxProps) => (
  <form className="actions" role="search" onSubmit={(event) => event.preventDefault()}>
    <input
      type="search"
      aria-label={label}
      placeholder={label}
      value={text}
      onChange={(event) => onSearch(event.target.value)}
    />
  </form>
);

const SubmittedSearch = ({ label, text, onSearch, searchLabel, clearLabel }: SubmittedSearchProps) => {
  const [typed, setTyped] = useState(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed);
  };
  return (
    <form className="actions" role="search" onSubmit={submit}>
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {searchLabel}
      </button>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => {
          setTyped("");
          onSearch("");
        }}
      >
        {clearLabel}
      </button>
    </form>
  );
};
