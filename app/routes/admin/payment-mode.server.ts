import type { AppLoadContext } from "react-router";
import { HOW_TO_TAKE_REAL_PAYMENTS, testPaymentsInProduction } from "../../../server/integrations/payments/test-mode";

/** For the overview's banner: null unless a production server takes payments in the test sandbox. */
export const testPaymentsNotice = (context: AppLoadContext) =>
  testPaymentsInProduction(context.config) ? { howToSwitch: HOW_TO_TAKE_REAL_PAYMENTS } : null;
