/** Hidden from people and assistive technology; bots that tick it are answered but not stored. */
export function Honeypot() {
  return (
    <div className="hidden" aria-hidden="true">
      <label>
        Leave this unticked <input type="checkbox" name="botcheck" value="on" tabIndex={-1} />
      </label>
    </div>
  );
}
