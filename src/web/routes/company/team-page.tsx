/** Placeholder: being built in this change (issue 30). */
export function TeamPage() {
  return null;
}
