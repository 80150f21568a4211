/**
 * On a narrow screen the decision comes after the reasons for the verdict (~900 px down on a phone):
 * this button stays at the bottom of the screen and jumps there (the form then focuses its first verdict).
 * Wide screens show the decision beside the reasons and hide it.
 */
export function DecideJump() {
  return (
    <a href="#decision" className="decide-jump" data-testid="decide-jump">
      Decision ↓
    </a>
  );
}
