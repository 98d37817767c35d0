import { TeacherDirectoryPage, type TeacherDirectoryQuery } from "@el/domain/directory/directory-contracts";
import type { z } from "zod";
import { api } from "../../../lib/api";

/** What the directory asks for, in the contract's names (`page` zero-based). */
export type DirectoryRequest = z.output<typeof TeacherDirectoryQuery>;

/** `GET api/teachers`: one page of the directory, anyone may ask. */
export const getTeachers = async (query: DirectoryRequest) =>
  TeacherDirectoryPage.parse(await api.get<unknown>("api/teachers", { ...query }));
