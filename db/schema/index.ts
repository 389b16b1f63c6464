export * from "./media";
export * from "./users";
export * from "./manga";
export * from "./site";
export * from "./admin";
