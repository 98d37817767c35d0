import { type FormEvent, useState } from "react";

/**
 * A back-office list's filter form: the choices change nothing until the form is sent (Pesquisar), then
 * `onSearch` gets them all; `clear` empties them and searches again at once. The page remounts the form
 * when the URL's filters change, so `initial` is read once.
 */
export const useFilterForm = <Filters extends { [Name in keyof Filters]: string }>(
  initial: Filters,
  onSearch: (filters: Filters) => void,
) => {
  const [chosen, setChosen] = useState(initial);
  /** The change handler of one field's input or select. */
  const choose = (name: keyof Filters) => (event: { target: { value: string } }) =>
    setChosen((previous) => ({ ...previous, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(chosen);
  };
  const clear = (empty: Filters) => {
    setChosen(empty);
    onSearch(empty);
  };
  return { chosen, choose, submit, clear };
};
