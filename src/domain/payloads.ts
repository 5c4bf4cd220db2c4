import { SOURCE_LABELS } from "./enumerations";
import type { HomepageLead, QualifyLead } from "./facility-lead";
import type { NurseApplication } from "./nurse-application";
import { formatPhone } from "./phone";

/**
 * The exact bodies the original site posted (spec 3.1-3.3, 7.1-7.3), so receivers built for
 * it keep working. Builders take validated input and fill what the spec fixes.
 */

const DEFAULT_NURSE_MESSAGE = "No additional message provided";

export interface NursePayload {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zipCode: string;
  classification: string;
  desiredLocation: string;
  message: string;
  _subject: string;
  source: string;
  timestamp: string;
}

export function buildNursePayload(application: NurseApplication, now: Date): NursePayload {
  const { firstName, lastName } = application;
  return {
    firstName,
    lastName,
    email: application.email,
    phone: formatPhone(application.phone),
    zipCode: application.zipCode,
    classification: application.classification,
    desiredLocation: application.desiredLocation,
    message: application.message.trim() || DEFAULT_NURSE_MESSAGE,
    _subject: `New Nurse Application: ${firstName} ${lastName}`,
    source: SOURCE_LABELS.nurse_application,
    timestamp: application.timestamp ?? now.toISOString(),
  };
}

export interface QualifyPayload {
  facilityName: string;
  facilityType: string;
  location: string;
  rolesNeeded: string[];
  urgency: string;
  shiftTypes: string[];
  firstName: string;
  lastName: string;
  title: string;
  email: string;
  phone: string;
  consentAgreed: boolean;
  trafficSource: string;
  timestamp: string;
  source: string;
}

export interface HomepagePayload extends QualifyPayload {
  userAgent: string;
  referrer: string;
  url: string;
}

function facilityPayload(lead: QualifyLead | HomepageLead, now: Date): QualifyPayload {
  return {
    facilityName: lead.facilityName,
    facilityType: lead.facilityType,
    location: lead.location,
    rolesNeeded: [...lead.rolesNeeded],
    urgency: lead.urgency,
    shiftTypes: [...lead.shiftTypes],
    firstName: lead.firstName,
    lastName: lead.lastName,
    title: lead.title,
    email: lead.email,
    phone: formatPhone(lead.phone),
    consentAgreed: lead.consentAgreed,
    trafficSource: lead.trafficSource,
    timestamp: lead.timestamp ?? now.toISOString(),
    source: SOURCE_LABELS[lead.form],
  };
}

export function buildQualifyPayload(lead: QualifyLead, now: Date): QualifyPayload {
  return facilityPayload(lead, now);
}

export function buildHomepagePayload(lead: HomepageLead, now: Date): HomepagePayload {
  return {
    ...facilityPayload(lead, now),
    userAgent: lead.userAgent,
    referrer: lead.referrer,
    url: lead.url,
  };
}
