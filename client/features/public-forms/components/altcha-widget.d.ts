/**
 * JSX for ALTCHA's web component (<altcha-widget>, altcha 3.x): the attributes this project sets.
 * The element's methods (reset, verify…) are typed by altcha's own AltchaWidgetElement.
 */
import type { AltchaWidgetElement } from "altcha/types/generic";
import type { DetailedHTMLProps, HTMLAttributes } from "react";

interface AltchaWidgetAttributes extends HTMLAttributes<AltchaWidgetElement> {
  /** The URL of the challenge (GET, JSON). */
  challenge?: string;
  /** When to start the proof of work by itself: "onfocus" starts when the form is first focused. */
  auto?: "off" | "onfocus" | "onload" | "onsubmit";
  /** The name of the hidden input that carries the payload (default "altcha"). */
  name?: string;
  /** More configuration, JSON-encoded (e.g. {"hideFooter":true}). */
  configuration?: string;
  display?: "standard" | "bar" | "floating" | "overlay" | "invisible";
  language?: string;
  type?: "native" | "checkbox" | "switch";
  workers?: number;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": DetailedHTMLProps<AltchaWidgetAttributes, AltchaWidgetElement>;
    }
  }
}
