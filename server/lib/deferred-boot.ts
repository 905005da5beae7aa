/**
 * A prerendered page paints before it asks for any script.
 *
 * React Router ends each page with `<link rel="modulepreload">`s (hoisted into <head> by React) and
 * an inline module that imports the route modules and the client entry. The browser fetches all of
 * them while it is still parsing, in competition with the stylesheet and the hero picture: Lighthouse
 * then charges every one of them to the page's largest paint. The page is complete without
 * JavaScript, so the scripts can wait: this rewrites the page so that the module is kept inert
 * (`type="text/plain"`) with the preload list beside it, and a small classic script starts both
 *
 * - once the load event has fired and the first contentful paint has been presented (a `paint`
 *   PerformanceObserver entry, which the browser reports only then), two frames later (a
 *   ResizeObserver reports in the next rendering update; a message posted from there is handled
 *   once that frame is out), so that what loaded last is on screen too, or
 * - at once, on the visitor's first pointer, touch or key press, whichever comes first;
 * - at once when someone is signed in (a session token in localStorage): staff who reload "/"
 *   want their dashboard, not the public landing the page was prerendered with.
 *
 * A tap before the page has hydrated would be lost: the scripts start on it, but the prerendered
 * button has no handler yet, and React, once it listens, drops a click it cannot hydrate at once (a
 * part of the page still loading). So the script holds back every click on a button that does
 * nothing natively (`type="button"`) until PAGE_HYDRATED_EVENT, and then clicks the last one tapped
 * once more. Links, submit buttons and fields work natively and are left alone; a later click on
 * anything else drops the held one.
 *
 * The module runs with the same text as before, so the page's CSP (a hash per inline script) allows
 * it; the server hashes this script as it is. Only timers that Playwright's fake clock leaves alone
 * are used, so tests with a paused clock still hydrate.
 */

import { storageKeys } from "../../shared/roles.ts";
import { PAGE_HYDRATED_EVENT } from "../../shared/site-routes.ts";

export const BOOT_ELEMENT_ID = "boot-module";

const modulePreload = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const inlineModule = /<script type="module"(?: async="")?>([\s\S]*?)<\/script>/;

const starter = `(function(){var started=false,events=["pointerdown","touchstart","keydown"],hydrated=false,held=null;
addEventListener("click",function(e){if(hydrated||!e.target.closest)return;held=e.target.closest("button[type=button]");if(held)e.stopPropagation()},true);
addEventListener("${PAGE_HYDRATED_EVENT}",function(){hydrated=true;if(held&&held.isConnected)held.click();held=null},{once:true});
function start(){if(started)return;started=true;events.forEach(function(e){removeEventListener(e,start,true)});
var source=document.getElementById("${BOOT_ELEMENT_ID}");
source.getAttribute("data-preload").split(" ").forEach(function(href){if(!href)return;var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});
var script=document.createElement("script");script.type="module";script.textContent=source.textContent;document.body.appendChild(script)}
function afterFrame(then){var observer=new ResizeObserver(function(){observer.disconnect();var channel=new MessageChannel();channel.port1.onmessage=then;channel.port2.postMessage(0)});observer.observe(document.documentElement)}
function afterFirstPaint(then){if(!window.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0){then();return}
var observer=new PerformanceObserver(function(list){if(!list.getEntriesByName("first-contentful-paint").length)return;observer.disconnect();then()});observer.observe({type:"paint",buffered:true})}
function afterNextPaint(){afterFirstPaint(function(){afterFrame(function(){afterFrame(start)})})}
events.forEach(function(e){addEventListener(e,start,{capture:true,passive:true})});
var signedIn=false;try{signedIn=!!localStorage.getItem("${storageKeys.token}")}catch(e){}
if(signedIn)start();else if(document.readyState==="complete")afterNextPaint();else addEventListener("load",afterNextPaint,{once:true})})();`;

/** Rewrites one prerendered page; returns it unchanged when it has no inline module to defer. */
export function deferBoot(html: string): string {
  const module = inlineModule.exec(html);
  if (!module || html.includes(`id="${BOOT_ELEMENT_ID}"`)) return html;
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1] ?? "");
  const inert = `<script type="text/plain" id="${BOOT_ELEMENT_ID}" data-preload="${preloads.join(" ")}">${module[1]}</script><script>${starter}</script>`;
  return html.replace(inlineModule, () => inert).replace(modulePreload, "");
}
