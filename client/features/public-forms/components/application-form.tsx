import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { chosenPosition, onPositionChosen } from "~/lib/position-choice";
import { type SiteItems, useSiteCollection } from "~/lib/site-content";
import { submitApplication } from "../api/submit-application.ts";
import { usePublicFormSubmit } from "../hooks/use-public-form-submit.tsx";
import {
  type ApplicationFormInput,
  type ApplicationFormValues,
  applicationDefaults,
  applicationFormSchema,
} from "../lib/forms.ts";
import { publicFormMessages } from "../lib/messages.ts";
import { ApplicationFormView } from "./application-form-view.tsx";
import type { StandIn } from "./lazy-form-slot.tsx";

/**
 * The live career form (loaded on demand by ApplicationFormSlot): validation, captcha, CV upload
 * with progress. It starts from what the visitor typed into the stand-in; a role chosen with a job
 * card's link wins over the stand-in's untouched default.
 */
export default function ApplicationForm({ labelledBy, standIn }: { labelledBy?: string; standIn?: StandIn }) {
  const jobs = useSiteCollection("jobs");
  const { form, view } = usePublicFormSubmit<ApplicationFormInput, ApplicationFormValues>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: startingValues(standIn, jobs),
    standIn,
    fileField: "cv",
    send: submitApplication,
    messages: { success: publicFormMessages.applicationSuccess, failure: publicFormMessages.applicationFailure },
  });
  // A job card's "Apply for this role" preselects its title, also once the form is showing.
  useEffect(() => onPositionChosen((title) => form.setValue("position", title, { shouldDirty: true })), [form]);
  return <ApplicationFormView labelledBy={labelledBy} {...view} />;
}

function startingValues(standIn: StandIn | undefined, jobs: SiteItems["jobs"]): ApplicationFormInput {
  const typed = standIn?.draft()?.values as Partial<ApplicationFormInput> | undefined;
  const chosen = chosenPosition(jobs);
  const position =
    typed?.position && typed.position !== applicationDefaults.position
      ? typed.position
      : (chosen ?? applicationDefaults.position);
  return { ...applicationDefaults, ...typed, position };
}
