/** The overview's warning that a production server takes payments in the built-in test sandbox. */
export function TestPaymentsBanner({ howToSwitch }: { howToSwitch: string }) {
  return (
    <section aria-labelledby="test-payments-title" className="mt-4 rounded border border-amber-600 bg-amber-50 p-4 text-amber-950">
      <h2 id="test-payments-title" className="font-semibold">
        Payments are in test mode
      </h2>
      <p className="mt-1 text-sm">
        Anyone can press Pay in the built-in sandbox and get a valid licence key without paying. To take real payments through Razorpay,{" "}
        {howToSwitch}.
      </p>
    </section>
  );
}
