export * from "./favorite-teachers/favorite-teachers-projector";
export * from "./favorite-teachers/favorite-teachers-queries";
export * from "./teacher-directory/search-name";
export * from "./teacher-directory/teacher-directory-projector";
export * from "./teacher-directory/teacher-directory-queries";
export * from "./teacher-directory/teacher-directory-schema";
