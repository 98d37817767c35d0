/**
 * A command: what someone asks an aggregate to do, its fields beside its `type` (`{ type: "ScheduleLesson",
 * id, date, now }`). Each command is declared once through it and grouped in a union per aggregate, which
 * `decide` dispatches to one function per command.
 */
export type Command<Type extends string, Data extends object = Record<never, never>> = { type: Type } & Data;
