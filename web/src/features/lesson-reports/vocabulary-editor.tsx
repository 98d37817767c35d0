import { VOCABULARY_ITEM_MAX, VOCABULARY_MAX } from "@el/domain/lessons/reports/lesson-report";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

/** The report's words and phrases: typed one at a time (Enter or "Adicionar"), each removable by its own button. */
export const VocabularyEditor = ({ words, onChange }: { words: string[]; onChange: (words: string[]) => void }) => {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState("");
  const add = () => {
    const word = draft.trim();
    if (word === "") return;
    if (!words.some((kept) => kept.toLowerCase() === word.toLowerCase())) onChange([...words, word]);
    setDraft("");
  };
  return (
    <fieldset className="lesson-report-vocabulary">
      <legend>{t("lessonReports.fields.vocabulary")}</legend>
      {words.length === 0 ? (
        <p className="lesson-report-muted">{t("lessonReports.teacher.noWords")}</p>
      ) : (
        <ul className="lesson-report-words">
          {words.map((word) => (
            <li key={word}>
              <span>{word}</span>
              <button
                type="button"
                className="btn btn-small btn-outline"
                aria-label={t("lessonReports.teacher.remove", { word })}
                onClick={() => onChange(words.filter((kept) => kept !== word))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="lesson-report-add">
        <label htmlFor={id}>{t("lessonReports.fields.newWord")}</label>
        <input
          id={id}
          value={draft}
          maxLength={VOCABULARY_ITEM_MAX}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            add();
          }}
        />
        <button
          type="button"
          className="btn btn-small btn-secondary"
          onClick={add}
          disabled={words.length >= VOCABULARY_MAX}
        >
          {t("lessonReports.teacher.add")}
        </button>
      </div>
    </fieldset>
  );
};
