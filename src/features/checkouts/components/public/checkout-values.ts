import { normalizeOrganizationNumber, organizationNumberProblem } from '@/lib/validation/organization-number';
import type { CheckoutCoupon, PublicCheckout } from './types';

/** What the buyer types after the e-mail. */
export interface BuyerDetails {
  name: string;
  phone: string;
  company: string;
  organizationNumber: string;
  answers: Record<string, string | boolean>;
  consent: boolean;
  marketingConsent: boolean;
}

export const EMPTY_DETAILS: BuyerDetails = {
  name: '',
  phone: '',
  company: '',
  organizationNumber: '',
  answers: {},
  consent: false,
  marketingConsent: false,
};

/** The text key of each problem (`invalid.*`), by the field's `data-field`. */
export type DetailProblems = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The e-mail step's check before the server's (which has the last word). */
export const emailProblem = (email: string) => (EMAIL.test(email.trim()) ? null : 'invalid.email');

/**
 * The details' problems before anything is sent, as the order functions would refuse them: the name,
 * company and organization number (mod 11) when asked, required questions, and the terms.
 */
export function detailProblems(checkout: PublicCheckout, details: BuyerDetails): DetailProblems {
  const problems: DetailProblems = {};
  if (!details.name.trim()) problems.name = 'invalid.required';
  const business = checkout.business_fields;
  if (business === 'required' && !details.company.trim()) problems.company = 'invalid.required';
  const orgNumber = normalizeOrganizationNumber(details.organizationNumber);
  if (business === 'required' || (business === 'optional' && orgNumber)) {
    const problem = organizationNumberProblem(orgNumber);
    if (problem)
      problems.organizationNumber =
        problem === 'length' ? 'invalid.organizationNumberLength' : 'invalid.organizationNumberChecksum';
  }
  for (const field of checkout.custom_fields) {
    const value = details.answers[field.id];
    const empty = value === undefined || value === false || (typeof value === 'string' && !value.trim());
    if (field.required && empty) problems[`field-${field.id}`] = 'invalid.required';
  }
  if (!details.consent) problems.consent = 'invalid.consent';
  return problems;
}

/** What checkout-pay's `start` takes of the page (docs/checkouts.md «Paying»), the session aside. */
export interface CheckoutOrder {
  items: { productId: string; quantity: number }[];
  bump: boolean;
  couponCode: string | null;
  buyer: { name?: string; phone?: string; company?: string; organizationNumber?: string };
  answers: Record<string, string | boolean>;
  consent: boolean;
  marketingConsent: boolean;
  totalOre: number;
}

const given = (value: string) => value.trim() || undefined;

export function checkoutOrder(input: {
  checkout: PublicCheckout;
  quantities: Record<string, number>;
  bump: boolean;
  coupon: CheckoutCoupon | null;
  details: BuyerDetails;
  totalOre: number;
}): CheckoutOrder {
  const { checkout, details } = input;
  const business = checkout.business_fields !== 'off';
  return {
    items: checkout.products
      .filter((product) => product.role === 'main' && (input.quantities[product.id] ?? 0) > 0)
      .map((product) => ({ productId: product.id, quantity: input.quantities[product.id] ?? 0 })),
    bump: input.bump,
    couponCode: input.coupon?.code ?? null,
    buyer: {
      name: given(details.name),
      phone: given(details.phone),
      company: business ? given(details.company) : undefined,
      organizationNumber: business
        ? given(normalizeOrganizationNumber(details.organizationNumber))
        : undefined,
    },
    answers: details.answers,
    consent: details.consent,
    marketingConsent: details.marketingConsent,
    totalOre: input.totalOre,
  };
}
