package webtech

// Analytics, tag managers, marketing automation, CRM, sales tooling,
// advertising pixels and experimentation.

var analyticsTechs = []Technology{
	{Name: "Google Analytics", Category: Analytics, Website: "https://marketingplatform.google.com/about/analytics/", Rules: []Rule{
		Script(`google-analytics\.com/(?:analytics|ga)\.js`, 0.9),
		Script(`googletagmanager\.com/gtag/js\?id=UA-`, 0.9),
		HTML(`google-analytics.com/analytics.js`, 0.85),
		HTML(`google-analytics.com/ga.js`, 0.85),
		Legacy(`google-analytics\.com/urchin\.js`, 0.9),
		HTMLRe(`UA-`, `['"]UA-\d{4,10}-\d{1,4}['"]`, 0.7),
		Cookie("__utma", 0.8),
	}},
	{Name: "Google Analytics 4", Category: Analytics, Website: "https://marketingplatform.google.com/about/analytics/", Rules: []Rule{
		Script(`googletagmanager\.com/gtag/js\?id=G-`, 0.95),
		HTMLRe(`gtag(`, `gtag\(\s*['"]config['"]\s*,\s*['"]G-[A-Z0-9]{4,12}['"]`, 0.9),
		CookiePrefix("_ga_", 0.8),
		Cookie("_ga", 0.5),
	}},
	{Name: "Segment", Category: Analytics, Website: "https://segment.com", Rules: []Rule{
		ScriptHost("cdn.segment.com", 0.95),
		HTML(`cdn.segment.com/analytics.js/`, 0.9),
		Cookie("ajs_anonymous_id", 0.85),
		Cookie("ajs_user_id", 0.85),
	}},
	{Name: "Mixpanel", Category: Analytics, Website: "https://mixpanel.com", Rules: []Rule{
		ScriptHost("cdn.mxpnl.com", 0.9),
		Script(`mixpanel-[0-9.]+(?:-latest)?(?:\.min)?\.js`, 0.85),
		HTML(`mixpanel.init(`, 0.9),
		CookieRe(`^mp_[0-9a-f]+_mixpanel$`, 0.9),
	}},
	{Name: "Amplitude", Category: Analytics, Website: "https://amplitude.com", Rules: []Rule{
		ScriptHost("cdn.amplitude.com", 0.9),
		HTML(`amplitude.getInstance()`, 0.8),
		HTML(`amplitude.init(`, 0.8),
		CookiePrefix("amplitude_id", 0.85),
		CookieRe(`^AMP_[0-9a-f]{6,}$`, 0.7),
	}},
	{Name: "Heap", Category: Analytics, Website: "https://www.heap.io", Rules: []Rule{
		ScriptHost("cdn.heapanalytics.com", 0.95),
		HTML(`heap.load(`, 0.85),
		CookiePrefix("_hp2_id.", 0.9),
	}},
	{Name: "Hotjar", Category: Analytics, Website: "https://www.hotjar.com", Rules: []Rule{
		ScriptHost("hotjar.com", 0.95),
		HTML(`static.hotjar.com/c/hotjar-`, 0.9),
		CookiePrefix("_hjSessionUser_", 0.9),
		Cookie("_hjid", 0.85),
	}},
	{Name: "Microsoft Clarity", Category: Analytics, Website: "https://clarity.microsoft.com", Rules: []Rule{
		ScriptHost("clarity.ms", 0.95),
		HTML(`clarity.ms/tag/`, 0.95),
		Cookie("_clck", 0.8),
		Cookie("_clsk", 0.8),
	}},
	{Name: "Matomo", Category: Analytics, Website: "https://matomo.org", Rules: []Rule{
		Script(`/(?:matomo|piwik)\.js`, 0.85),
		ScriptHost("matomo.cloud", 0.95),
		HTML(`_paq.push(`, 0.85),
		// The Piwik-era tracking code, before Matomo's _paq queue.
		Snippet(`Piwik.getTracker(`, 0.85),
		CookiePrefix("_pk_id.", 0.9),
	}},
	{Name: "Plausible", Category: Analytics, Website: "https://plausible.io", Rules: []Rule{
		ScriptHost("plausible.io", 0.95),
		Script(`/js/plausible(?:\.[a-z-]+)*\.js`, 0.8),
	}},
	{Name: "Fathom", Category: Analytics, Website: "https://usefathom.com", Rules: []Rule{
		ScriptHost("cdn.usefathom.com", 0.95),
	}},
	{Name: "Adobe Analytics", Category: Analytics, Website: "https://business.adobe.com/products/analytics/adobe-analytics.html", Rules: []Rule{
		Script(`AppMeasurement(?:_Module_[A-Za-z]+)?(?:\.min)?\.js`, 0.85),
		ScriptHost("2o7.net", 0.9),
		ScriptHost("omtrdc.net", 0.9),
		HTML(`s_code.js`, 0.6),
		Cookie("s_cc", 0.7),
		Cookie("s_sq", 0.7),
		CookiePrefix("AMCV_", 0.6),
	}},
	{Name: "Pendo", Category: Analytics, Website: "https://www.pendo.io", Rules: []Rule{
		ScriptHost("cdn.pendo.io", 0.95),
		HTML(`pendo.initialize(`, 0.85),
	}},
	{Name: "FullStory", Category: Analytics, Website: "https://www.fullstory.com", Rules: []Rule{
		ScriptHost("edge.fullstory.com", 0.95),
		HTML(`window['_fs_org']`, 0.9),
		Cookie("fs_uid", 0.85),
	}},
	{Name: "Mouseflow", Category: Analytics, Website: "https://mouseflow.com", Rules: []Rule{
		ScriptHost("cdn.mouseflow.com", 0.95),
	}},
	{Name: "Crazy Egg", Category: Analytics, Website: "https://www.crazyegg.com", Rules: []Rule{
		ScriptHost("script.crazyegg.com", 0.95),
		LegacyHost("dnn506yrbagrg.cloudfront.net", 0.85),
	}},
	{Name: "Lucky Orange", Category: Analytics, Website: "https://www.luckyorange.com", Rules: []Rule{
		ScriptHost("luckyorange.com", 0.9),
		ScriptHost("luckyorange.net", 0.9),
	}},
	{Name: "LogRocket", Category: Analytics, Website: "https://logrocket.com", Rules: []Rule{
		ScriptHost("cdn.logrocket.io", 0.9),
		ScriptHost("cdn.lr-ingest.io", 0.9),
		HTML(`LogRocket.init(`, 0.9),
	}},
	{Name: "PostHog", Category: Analytics, Website: "https://posthog.com", Rules: []Rule{
		ScriptHost("posthog.com", 0.9),
		HTML(`posthog.init(`, 0.9),
		CookieRe(`^ph_.+_posthog$`, 0.9),
	}},
	{Name: "Yandex Metrica", Category: Analytics, Website: "https://metrica.yandex.com", Rules: []Rule{
		ScriptHost("mc.yandex.ru", 0.95),
		HTML(`mc.yandex.ru/metrika/`, 0.9),
		Cookie("_ym_uid", 0.85),
	}},
	{Name: "Baidu Analytics", Category: Analytics, Website: "https://tongji.baidu.com", Rules: []Rule{
		ScriptHost("hm.baidu.com", 0.95),
		HTML(`hm.baidu.com/hm.js`, 0.9),
	}},
	{Name: "Chartbeat", Category: Analytics, Website: "https://chartbeat.com", Rules: []Rule{
		ScriptHost("static.chartbeat.com", 0.95),
		Snippet(`_sf_async_config`, 0.85),
		Legacy(`chartbeat\.download\.akamai\.com/`, 0.9),
	}},
	{Name: "Parse.ly", Category: Analytics, Website: "https://www.parse.ly", Rules: []Rule{
		ScriptHost("parsely.com", 0.9),
		Meta("parsely-title", "", 0.6),
	}},
	{Name: "Cloudflare Web Analytics", Category: Analytics, Website: "https://www.cloudflare.com/web-analytics/", Rules: []Rule{
		ScriptHost("static.cloudflareinsights.com", 0.95),
	}},
	{Name: "Vercel Analytics", Category: Analytics, Website: "https://vercel.com/analytics", Rules: []Rule{
		Script(`/_vercel/(?:insights|speed-insights)/script\.js`, 0.95),
	}, Implies: []string{"Vercel"}},
	{Name: "Simple Analytics", Category: Analytics, Website: "https://www.simpleanalytics.com", Rules: []Rule{
		ScriptHost("scripts.simpleanalyticscdn.com", 0.95),
	}},
	{Name: "Umami", Category: Analytics, Website: "https://umami.is", Rules: []Rule{
		ScriptHost("cloud.umami.is", 0.95),
		ScriptHost("analytics.umami.is", 0.95),
	}},
}

var tagManagerTechs = []Technology{
	{Name: "Google Tag Manager", Category: TagManager, Website: "https://tagmanager.google.com", Rules: []Rule{
		Script(`googletagmanager\.com/gtm\.js`, 0.95),
		HTML(`googletagmanager.com/gtm.js`, 0.9),
		Iframe(`googletagmanager\.com/ns\.html`, 0.95),
		HTML(`googletagmanager.com/ns.html?id=GTM-`, 0.95),
		HTMLRe(`GTM-`, `['"=]GTM-[A-Z0-9]{4,9}\b`, 0.6),
	}},
	{Name: "Adobe Experience Platform Launch", Category: TagManager, Website: "https://business.adobe.com/", Rules: []Rule{
		ScriptHost("assets.adobedtm.com", 0.95),
	}},
	{Name: "Tealium", Category: TagManager, Website: "https://tealium.com", Rules: []Rule{
		ScriptHost("tags.tiqcdn.com", 0.95),
		Script(`/utag(?:\.sync)?\.js`, 0.85),
		Cookie("utag_main", 0.9),
	}},
	{Name: "Ensighten", Category: TagManager, Website: "https://www.ensighten.com", Rules: []Rule{
		ScriptHost("nexus.ensighten.com", 0.95),
	}},
}

var marketingTechs = []Technology{
	{Name: "HubSpot", Category: MarketingAutomation, Website: "https://www.hubspot.com", Rules: []Rule{
		ScriptHost("js.hs-scripts.com", 0.95),
		ScriptHost("js.hs-analytics.net", 0.9),
		ScriptHost("js.hs-banner.com", 0.85),
		HTML(`js.hs-scripts.com/`, 0.9),
		HTML(`_hsq.push(`, 0.8),
		Cookie("hubspotutk", 0.9),
		Cookie("__hstc", 0.9),
		Cookie("__hssc", 0.7),
		TXT("hubspot-developer-verification=", 0.6),
	}},
	{Name: "Marketo", Category: MarketingAutomation, Website: "https://business.adobe.com/products/marketo/adobe-marketo.html", Rules: []Rule{
		ScriptHost("munchkin.marketo.net", 0.95),
		ScriptHost("marketo.com", 0.85),
		HTML(`Munchkin.init(`, 0.9),
		HTML(`id="mktoForm_`, 0.85),
		Cookie("_mkto_trk", 0.9),
	}},
	{Name: "Pardot", Category: MarketingAutomation, Website: "https://www.salesforce.com/marketing/b2b-automation/", Rules: []Rule{
		ScriptHost("pardot.com", 0.9),
		HTML(`pi.pardot.com`, 0.85),
		HTML(`piAId = `, 0.85),
		CookieRe(`^visitor_id\d+(?:-hash)?$`, 0.85),
	}},
	{Name: "Mailchimp", Category: MarketingAutomation, Website: "https://mailchimp.com", Rules: []Rule{
		ScriptHost("chimpstatic.com", 0.9),
		HTMLRe(`list-manage.com`, `[a-z0-9.-]*list-manage\.com/subscribe`, 0.9),
		HTML(`id="mc-embedded-subscribe`, 0.9),
	}},
	{Name: "Mandrill", Category: EmailSending, Website: "https://mailchimp.com/features/transactional-email/", Rules: []Rule{
		TXT("mandrill_verify.", 0.8),
	}},
	{Name: "Klaviyo", Category: MarketingAutomation, Website: "https://www.klaviyo.com", Rules: []Rule{
		ScriptHost("klaviyo.com", 0.95),
		HTML(`klaviyo.com/onsite/js/klaviyo.js`, 0.9),
		HTML(`_learnq`, 0.8),
		SnippetRe(`_learnq`, `\b_learnq\s*(?:=|\.push\()`, 0.85),
		Cookie("__kla_id", 0.9),
	}},
	{Name: "ActiveCampaign", Category: MarketingAutomation, Website: "https://www.activecampaign.com", Rules: []Rule{
		HTML(`trackcmp.net/`, 0.9),
		ScriptHost("activehosted.com", 0.9),
		Script(`diffuser-cdn\.app-us\d+\.com/diffuser/`, 0.9),
	}},
	{Name: "Salesforce Marketing Cloud", Category: MarketingAutomation, Website: "https://www.salesforce.com/marketing/", Rules: []Rule{
		ScriptHost("exacttarget.com", 0.8),
		ScriptHost("igodigital.com", 0.8),
	}},
	{Name: "Brevo", Category: MarketingAutomation, Website: "https://www.brevo.com", Rules: []Rule{
		ScriptHost("sibautomation.com", 0.9),
		HTML(`sibforms.com/`, 0.9),
		TXT("brevo-code:", 0.8),
	}},
	{Name: "Constant Contact", Category: MarketingAutomation, Website: "https://www.constantcontact.com", Rules: []Rule{
		ScriptHost("ctctcdn.com", 0.85),
	}},
	{Name: "Campaign Monitor", Category: MarketingAutomation, Website: "https://www.campaignmonitor.com", Rules: []Rule{
		HTML(`createsend.com/t/`, 0.7),
	}},
	{Name: "Braze", Category: MarketingAutomation, Website: "https://www.braze.com", Rules: []Rule{
		ScriptHost("js.appboycdn.com", 0.9),
		Script(`/braze(?:\.min)?\.js`, 0.7),
	}},
	{Name: "Customer.io", Category: MarketingAutomation, Website: "https://customer.io", Rules: []Rule{
		ScriptHost("assets.customer.io", 0.9),
	}},
	{Name: "Drip", Category: MarketingAutomation, Website: "https://www.drip.com", Rules: []Rule{
		ScriptHost("tag.getdrip.com", 0.9),
	}},
	{Name: "Kit", Category: MarketingAutomation, Website: "https://kit.com", Rules: []Rule{
		ScriptHost("convertkit.com", 0.85),
		ScriptHost("ck.page", 0.85),
	}},
	{Name: "Omnisend", Category: MarketingAutomation, Website: "https://www.omnisend.com", Rules: []Rule{
		ScriptHost("omnisnippet1.com", 0.9),
	}},
	{Name: "Oracle Eloqua", Category: MarketingAutomation, Website: "https://www.oracle.com/cx/marketing/automation/", Rules: []Rule{
		ScriptHost("en25.com", 0.9),
		HTML(`elqCfg`, 0.8),
		Cookie("ELOQUA", 0.85),
	}},
	{Name: "Mautic", Category: MarketingAutomation, Website: "https://www.mautic.org", Rules: []Rule{
		HTML(`MauticTrackingObject`, 0.9),
		Cookie("mtc_id", 0.85),
	}},
}

var crmTechs = []Technology{
	{Name: "Salesforce", Category: CRM, Website: "https://www.salesforce.com", Rules: []Rule{
		HTML(`webto.salesforce.com/servlet/servlet.WebToLead`, 0.9),
		ScriptHost("salesforceliveagent.com", 0.9),
		Script(`\.(?:my\.salesforce|force|my\.site)\.com/`, 0.8),
		HTML(`service.force.com/embeddedservice/`, 0.85),
	}},
	{Name: "Zoho CRM", Category: CRM, Website: "https://www.zoho.com/crm/", Rules: []Rule{
		HTMLRe(`crm.zoho`, `crm\.zoho\.(?:com|eu|in|com\.au)/crm/WebToLeadForm`, 0.9),
		ScriptHost("crm.zohopublic.com", 0.85),
	}},
	{Name: "Pipedrive", Category: CRM, Website: "https://www.pipedrive.com", Rules: []Rule{
		ScriptHost("pipedrivewebforms.com", 0.9),
		ScriptHost("pipedrive.com", 0.85),
	}},
	{Name: "Microsoft Dynamics 365", Category: CRM, Website: "https://dynamics.microsoft.com", Rules: []Rule{
		ScriptHost("mkt.dynamics.com", 0.85),
		HTML(`d365mktformsubmit`, 0.85),
	}},
}

var salesTechs = []Technology{
	{Name: "Leadfeeder", Category: SalesIntelligence, Website: "https://www.leadfeeder.com", Rules: []Rule{
		ScriptHost("sc.lfeeder.com", 0.95),
		HTML(`sc.lfeeder.com/lftracker_`, 0.9),
		Cookie("_lfa", 0.8),
	}},
	{Name: "6sense", Category: SalesIntelligence, Website: "https://6sense.com", Rules: []Rule{
		ScriptHost("6sc.co", 0.95),
		HTML(`j.6sc.co/`, 0.9),
		HTML(`window._6si`, 0.85),
	}},
	{Name: "Clearbit", Category: SalesIntelligence, Website: "https://clearbit.com", Rules: []Rule{
		ScriptHost("tag.clearbitscripts.com", 0.95),
		ScriptHost("x.clearbitjs.com", 0.95),
		ScriptHost("reveal.clearbit.com", 0.9),
	}},
	{Name: "ZoomInfo", Category: SalesIntelligence, Website: "https://www.zoominfo.com", Rules: []Rule{
		ScriptHost("ws.zoominfo.com", 0.95),
		ScriptHost("js.zi-scripts.com", 0.9),
		HTML(`ws.zoominfo.com/pixel/`, 0.9),
	}},
	{Name: "Demandbase", Category: SalesIntelligence, Website: "https://www.demandbase.com", Rules: []Rule{
		ScriptHost("tag.demandbase.com", 0.95),
	}},
	{Name: "Albacross", Category: SalesIntelligence, Website: "https://albacross.com", Rules: []Rule{
		ScriptHost("serve.albacross.com", 0.95),
	}},
	{Name: "Warmly", Category: SalesIntelligence, Website: "https://www.warmly.ai", Rules: []Rule{
		ScriptHost("getwarmly.com", 0.9),
	}},
	{Name: "Koala", Category: SalesIntelligence, Website: "https://getkoala.com", Rules: []Rule{
		ScriptHost("cdn.getkoala.com", 0.9),
	}},
	{Name: "Gong", Category: SalesEngagement, Website: "https://www.gong.io", Rules: []Rule{
		ScriptHost("gong.io", 0.7),
		IframeHost("gong.io", 0.7),
	}},
	{Name: "Outreach", Category: SalesEngagement, Website: "https://www.outreach.io", Rules: []Rule{
		ScriptHost("outreach.io", 0.7),
	}},
	{Name: "Salesloft", Category: SalesEngagement, Website: "https://www.salesloft.com", Rules: []Rule{
		ScriptHost("scout-cdn.salesloft.com", 0.9),
		ScriptHost("salesloft.com", 0.75),
	}},
}

var advertisingTechs = []Technology{
	{Name: "Facebook Pixel", Category: Advertising, Website: "https://www.facebook.com/business/tools/meta-pixel", Rules: []Rule{
		Script(`connect\.facebook\.net/[a-z_]+/fbevents\.js`, 0.95),
		HTML(`connect.facebook.net/en_US/fbevents.js`, 0.9),
		HTMLRe(`fbq(`, `fbq\(\s*['"]init['"]`, 0.9),
		HTML(`facebook.com/tr?id=`, 0.9),
		Cookie("_fbp", 0.8),
	}},
	{Name: "LinkedIn Insight Tag", Category: Advertising, Website: "https://business.linkedin.com/marketing-solutions/insight-tag", Rules: []Rule{
		Script(`snap\.licdn\.com/li\.lms-analytics/`, 0.95),
		HTML(`_linkedin_partner_id`, 0.95),
		HTML(`px.ads.linkedin.com/collect`, 0.85),
	}},
	{Name: "Google Ads", Category: Advertising, Website: "https://ads.google.com", Rules: []Rule{
		Script(`googletagmanager\.com/gtag/js\?id=AW-`, 0.95),
		HTMLRe(`AW-`, `['"]AW-\d{6,12}['"/]`, 0.85),
		ScriptHost("googleadservices.com", 0.9),
		HTML(`googleads.g.doubleclick.net/pagead/`, 0.7),
		Cookie("_gcl_au", 0.6),
	}},
	{Name: "Microsoft Advertising", Category: Advertising, Website: "https://ads.microsoft.com", Rules: []Rule{
		ScriptHost("bat.bing.com", 0.95),
		HTML(`bat.bing.com/bat.js`, 0.95),
		Cookie("_uetsid", 0.85),
		Cookie("_uetvid", 0.85),
	}},
	{Name: "TikTok Pixel", Category: Advertising, Website: "https://ads.tiktok.com", Rules: []Rule{
		ScriptHost("analytics.tiktok.com", 0.95),
		HTML(`analytics.tiktok.com/i18n/pixel/`, 0.9),
		HTML(`ttq.load(`, 0.9),
		Cookie("_ttp", 0.8),
	}},
	{Name: "X Pixel", Category: Advertising, Website: "https://ads.x.com", Rules: []Rule{
		ScriptHost("static.ads-twitter.com", 0.95),
		HTML(`static.ads-twitter.com/uwt.js`, 0.9),
		SnippetRe(`twq(`, `\btwq\(\s*['"](?:init|config)['"]`, 0.85),
		Legacy(`platform\.twitter\.com/oct\.js`, 0.9),
	}},
	{Name: "Pinterest Tag", Category: Advertising, Website: "https://business.pinterest.com", Rules: []Rule{
		Script(`s\.pinimg\.com/ct/core\.js`, 0.95),
		HTML(`s.pinimg.com/ct/core.js`, 0.9),
		HTMLRe(`pintrk(`, `pintrk\(\s*['"]load['"]`, 0.9),
		Cookie("_pin_unauth", 0.8),
	}},
	{Name: "Snap Pixel", Category: Advertising, Website: "https://businesshelp.snapchat.com", Rules: []Rule{
		Script(`sc-static\.net/scevent\.min\.js`, 0.95),
		HTML(`sc-static.net/scevent.min.js`, 0.9),
	}},
	{Name: "Reddit Pixel", Category: Advertising, Website: "https://business.reddithelp.com", Rules: []Rule{
		Script(`redditstatic\.com/ads/pixel\.js`, 0.95),
		HTML(`redditstatic.com/ads/pixel.js`, 0.9),
	}},
	{Name: "Quora Pixel", Category: Advertising, Website: "https://www.quora.com/business", Rules: []Rule{
		Script(`a\.quora\.com/qevents\.js`, 0.95),
		HTML(`a.quora.com/qevents.js`, 0.9),
	}},
	{Name: "Google AdSense", Category: Advertising, Website: "https://adsense.google.com", Rules: []Rule{
		ScriptHost("pagead2.googlesyndication.com", 0.95),
		HTML(`class="adsbygoogle"`, 0.9),
		HTMLRe(`data-ad-client=`, `data-ad-client=["']?ca-pub-\d{6,}`, 0.85),
		SnippetRe(`adsbygoogle`, `\(\s*adsbygoogle\s*=\s*window\.adsbygoogle\s*\|\|\s*\[\s*\]\s*\)\.push\(`, 0.85),
		SnippetRe(`google_ad_client`, `google_ad_client\s*[:=]\s*["']ca-pub-\d{6,}`, 0.85),
	}},
	{Name: "Google Ad Manager", Category: Advertising, Website: "https://admanager.google.com", Rules: []Rule{
		ScriptHost("securepubads.g.doubleclick.net", 0.95),
		HTML(`googletag.defineSlot(`, 0.9),
		Snippet(`googletag.cmd.push(`, 0.85),
		Snippet(`googletag.defineSlot(`, 0.85),
		Legacy(`googletagservices\.com/tag/js/gpt\.js`, 0.9),
		Legacy(`partner\.googleadservices\.com/gampad/`, 0.85),
	}},
	{Name: "Criteo", Category: Advertising, Website: "https://www.criteo.com", Rules: []Rule{
		ScriptHost("static.criteo.net", 0.95),
	}},
	{Name: "Taboola", Category: Advertising, Website: "https://www.taboola.com", Rules: []Rule{
		ScriptHost("cdn.taboola.com", 0.95),
	}},
	{Name: "Outbrain", Category: Advertising, Website: "https://www.outbrain.com", Rules: []Rule{
		ScriptHost("widgets.outbrain.com", 0.95),
	}},
	{Name: "AdRoll", Category: Advertising, Website: "https://www.adroll.com", Rules: []Rule{
		ScriptHost("s.adroll.com", 0.95),
		HTML(`adroll_adv_id`, 0.9),
	}},
	{Name: "Amazon Publisher Services", Category: Advertising, Website: "https://aps.amazon.com", Rules: []Rule{
		ScriptHost("c.amazon-adsystem.com", 0.95),
		Snippet(`apstag.init(`, 0.85),
		Snippet(`apstag.fetchBids(`, 0.85),
	}},
}

var abTestingTechs = []Technology{
	{Name: "Optimizely", Category: ABTesting, Website: "https://www.optimizely.com", Rules: []Rule{
		ScriptHost("cdn.optimizely.com", 0.95),
		Cookie("optimizelyEndUserId", 0.9),
	}},
	{Name: "VWO", Category: ABTesting, Website: "https://vwo.com", Rules: []Rule{
		ScriptHost("dev.visualwebsiteoptimizer.com", 0.95),
		HTML(`_vwo_code`, 0.9),
		CookiePrefix("_vwo_uuid", 0.85),
	}},
	{Name: "AB Tasty", Category: ABTesting, Website: "https://www.abtasty.com", Rules: []Rule{
		ScriptHost("try.abtasty.com", 0.95),
		Cookie("ABTasty", 0.9),
	}},
	{Name: "Convert", Category: ABTesting, Website: "https://www.convert.com", Rules: []Rule{
		ScriptHost("convertexperiments.com", 0.95),
	}},
	{Name: "Kameleoon", Category: ABTesting, Website: "https://www.kameleoon.com", Rules: []Rule{
		ScriptHost("kameleoon.eu", 0.95),
		ScriptHost("kameleoon.io", 0.95),
	}},
	{Name: "Google Optimize", Category: ABTesting, Website: "https://marketingplatform.google.com/about/optimize/", Rules: []Rule{
		ScriptHost("googleoptimize.com", 0.95),
	}},
	{Name: "LaunchDarkly", Category: ABTesting, Website: "https://launchdarkly.com", Rules: []Rule{
		ScriptHost("launchdarkly.com", 0.8),
	}},
}
