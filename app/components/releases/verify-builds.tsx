/**
 * How a customer checks a build with minisign: the one-line command with the current release key
 * inline, and the key file that also holds the keys still trusted from before a rotation.
 */
export function VerifyBuilds({ releaseKey }: { releaseKey: { keyId: string; line: string } }) {
  return (
    <section aria-labelledby="verify-title" className="rounded-lg border border-slate-200 bg-slate-50 p-5">
      <h2 id="verify-title" className="text-xl font-bold">
        Verify a download
      </h2>
      <p>
        Every build is signed with our release key <span className="font-mono text-sm">{releaseKey.keyId}</span> in{" "}
        <a className="text-sky-800 underline" href="https://jedisct1.github.io/minisign/" rel="noopener noreferrer external">
          minisign
        </a>
        &apos;s format. Download the build and its signature (<code>FILE.minisig</code>, linked below) into one folder, then run:
      </p>
      <pre className="rounded bg-slate-900 p-3 text-sm break-all whitespace-pre-wrap text-slate-50" data-testid="minisign-check">
        <code>minisign -Vm FILE -P {releaseKey.line}</code>
      </pre>
      <p className="text-sm">
        The{" "}
        <a className="text-sky-800 underline" href="/releases/minisign.pub" download>
          public key file
        </a>{" "}
        lists the current key first (what <code>minisign -p minisign.pub</code> reads), then every earlier key still trusted: a build signed
        before a key change verifies with <code>-P</code> and the line of the key its signature names.
      </p>
    </section>
  );
}
