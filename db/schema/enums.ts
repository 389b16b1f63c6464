export * from "@/lib/enums";
