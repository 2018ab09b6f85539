package webtech

// Chat and support widgets, scheduling, forms, consent banners, video,
// fonts, site search and identity providers.

var chatTechs = []Technology{
	{Name: "Intercom", Category: ChatSupport, Website: "https://www.intercom.com", Rules: []Rule{
		ScriptHost("widget.intercom.io", 0.95),
		ScriptHost("js.intercomcdn.com", 0.95),
		HTML(`widget.intercom.io/widget/`, 0.9),
		HTML(`window.intercomSettings`, 0.9),
		CookiePrefix("intercom-id-", 0.9),
		CookiePrefix("intercom-session-", 0.9),
	}},
	{Name: "Drift", Category: ChatSupport, Website: "https://www.salesloft.com/platform/drift", Rules: []Rule{
		ScriptHost("js.driftt.com", 0.95),
		HTML(`js.driftt.com/include/`, 0.9),
		Cookie("driftt_aid", 0.9),
		Cookie("drift_aid", 0.9),
	}},
	{Name: "Zendesk", Category: ChatSupport, Website: "https://www.zendesk.com", Rules: []Rule{
		ScriptHost("static.zdassets.com", 0.95),
		HTML(`id="ze-snippet"`, 0.95),
		ScriptHost("zopim.com", 0.9),
		Cookie("__zlcmid", 0.8),
		URLHost("zendesk.com", 0.9),
		TXT("zendeskverification=", 0.75),
	}},
	{Name: "Freshdesk", Category: ChatSupport, Website: "https://www.freshworks.com/freshdesk/", Rules: []Rule{
		ScriptHost("widget.freshworks.com", 0.9),
		HTML(`widget.freshworks.com/widgets/`, 0.85),
		URLHost("freshdesk.com", 0.9),
	}},
	{Name: "Freshchat", Category: ChatSupport, Website: "https://www.freshworks.com/live-chat-software/", Rules: []Rule{
		ScriptHost("wchat.freshchat.com", 0.95),
		HTML(`wchat.freshchat.com/js/widget.js`, 0.9),
	}},
	{Name: "LiveChat", Category: ChatSupport, Website: "https://www.livechat.com", Rules: []Rule{
		ScriptHost("cdn.livechatinc.com", 0.95),
		HTML(`__lc.license`, 0.9),
	}},
	{Name: "Crisp", Category: ChatSupport, Website: "https://crisp.chat", Rules: []Rule{
		ScriptHost("client.crisp.chat", 0.95),
		HTML(`CRISP_WEBSITE_ID`, 0.9),
	}},
	{Name: "Tawk.to", Category: ChatSupport, Website: "https://www.tawk.to", Rules: []Rule{
		ScriptHost("embed.tawk.to", 0.95),
		HTML(`embed.tawk.to/`, 0.9),
		HTML(`Tawk_API`, 0.85),
	}},
	{Name: "Olark", Category: ChatSupport, Website: "https://www.olark.com", Rules: []Rule{
		ScriptHost("static.olark.com", 0.95),
		HTML(`olark.identify(`, 0.9),
	}},
	{Name: "HubSpot Chat", Category: ChatSupport, Website: "https://www.hubspot.com/products/crm/live-chat", Rules: []Rule{
		ScriptHost("js.usemessages.com", 0.95),
		HTML(`js.usemessages.com/conversations-embed.js`, 0.9),
	}, Implies: []string{"HubSpot"}},
	{Name: "Zoho SalesIQ", Category: ChatSupport, Website: "https://www.zoho.com/salesiq/", Rules: []Rule{
		ScriptHost("salesiq.zoho.com", 0.95),
		ScriptHost("salesiq.zohopublic.com", 0.95),
		HTML(`$zoho.salesiq`, 0.9),
	}},
	{Name: "Tidio", Category: ChatSupport, Website: "https://www.tidio.com", Rules: []Rule{
		ScriptHost("code.tidio.co", 0.95),
	}},
	{Name: "Gorgias", Category: ChatSupport, Website: "https://www.gorgias.com", Rules: []Rule{
		ScriptHost("config.gorgias.chat", 0.95),
	}},
	{Name: "Help Scout", Category: ChatSupport, Website: "https://www.helpscout.com", Rules: []Rule{
		HTML(`beacon-v2.helpscout.net`, 0.95),
		HTMLRe(`Beacon(`, `Beacon\(\s*['"]init['"]`, 0.85),
	}},
	{Name: "Kustomer", Category: ChatSupport, Website: "https://www.kustomer.com", Rules: []Rule{
		ScriptHost("cdn.kustomerapp.com", 0.95),
	}},
	{Name: "Front Chat", Category: ChatSupport, Website: "https://front.com", Rules: []Rule{
		ScriptHost("chat-assets.frontapp.com", 0.9),
	}},
	{Name: "Qualified", Category: ChatSupport, Website: "https://www.qualified.com", Rules: []Rule{
		ScriptHost("js.qualified.com", 0.95),
		HTML(`js.qualified.com/qualified.js`, 0.9),
	}},
	{Name: "Gladly", Category: ChatSupport, Website: "https://www.gladly.com", Rules: []Rule{
		ScriptHost("cdn.gladly.com", 0.9),
	}},
}

var schedulingTechs = []Technology{
	{Name: "Calendly", Category: Scheduling, Website: "https://calendly.com", Rules: []Rule{
		ScriptHost("assets.calendly.com", 0.95),
		HTML(`class="calendly-inline-widget"`, 0.95),
		HTML(`Calendly.initPopupWidget(`, 0.9),
		IframeHost("calendly.com", 0.9),
	}},
	{Name: "Chili Piper", Category: Scheduling, Website: "https://www.chilipiper.com", Rules: []Rule{
		ScriptHost("js.chilipiper.com", 0.95),
		HTML(`ChiliPiper.submit(`, 0.9),
		HTML(`ChiliPiper.scheduling(`, 0.9),
	}},
	{Name: "HubSpot Meetings", Category: Scheduling, Website: "https://www.hubspot.com/products/sales/schedule-meeting", Rules: []Rule{
		HTML(`class="meetings-iframe-container"`, 0.95),
		IframeHost("meetings.hubspot.com", 0.9),
		Script(`MeetingsEmbed/ex/MeetingsEmbedCode\.js`, 0.95),
	}, Implies: []string{"HubSpot"}},
	{Name: "Acuity Scheduling", Category: Scheduling, Website: "https://acuityscheduling.com", Rules: []Rule{
		ScriptHost("embed.acuityscheduling.com", 0.95),
		IframeHost("acuityscheduling.com", 0.9),
	}},
	{Name: "SavvyCal", Category: Scheduling, Website: "https://savvycal.com", Rules: []Rule{
		ScriptHost("embed.savvycal.com", 0.95),
	}},
	{Name: "Cal.com", Category: Scheduling, Website: "https://cal.com", Rules: []Rule{
		Script(`app\.cal\.com/embed/`, 0.95),
		HTML(`app.cal.com/embed/embed.js`, 0.9),
	}},
}

var formsTechs = []Technology{
	{Name: "HubSpot Forms", Category: Forms, Website: "https://www.hubspot.com/products/marketing/forms", Rules: []Rule{
		ScriptHost("js.hsforms.net", 0.95),
		HTML(`hbspt.forms.create(`, 0.9),
		HTML(`class="hs-form`, 0.85),
	}, Implies: []string{"HubSpot"}},
	{Name: "Typeform", Category: Forms, Website: "https://www.typeform.com", Rules: []Rule{
		ScriptHost("embed.typeform.com", 0.95),
		HTML(`data-tf-widget=`, 0.9),
		IframeHost("typeform.com", 0.9),
	}},
	{Name: "Jotform", Category: Forms, Website: "https://www.jotform.com", Rules: []Rule{
		ScriptHost("form.jotform.com", 0.95),
		ScriptHost("jotfor.ms", 0.9),
		IframeHost("jotform.com", 0.9),
	}},
	{Name: "Gravity Forms", Category: Forms, Website: "https://www.gravityforms.com", Rules: []Rule{
		Script(`/plugins/gravityforms/`, 0.95),
		HTML(`class="gform_wrapper`, 0.9),
	}, Implies: []string{"WordPress"}},
	{Name: "Contact Form 7", Category: Forms, Website: "https://contactform7.com", Rules: []Rule{
		Script(`/plugins/contact-form-7/.*[?&]ver=`+ver, 0.95),
		Script(`/plugins/contact-form-7/`, 0.95),
		HTML(`class="wpcf7`, 0.85),
	}, Implies: []string{"WordPress"}},
	{Name: "Wufoo", Category: Forms, Website: "https://www.wufoo.com", Rules: []Rule{
		ScriptHost("wufoo.com", 0.9),
		IframeHost("wufoo.com", 0.9),
	}},
	{Name: "Google Forms", Category: Forms, Website: "https://www.google.com/forms/about/", Rules: []Rule{
		Iframe(`docs\.google\.com/forms/`, 0.9),
	}},
	{Name: "Tally", Category: Forms, Website: "https://tally.so", Rules: []Rule{
		ScriptHost("tally.so", 0.9),
		IframeHost("tally.so", 0.9),
	}},
	{Name: "Formspree", Category: Forms, Website: "https://formspree.io", Rules: []Rule{
		HTML(`formspree.io/f/`, 0.9),
	}},
	{Name: "Netlify Forms", Category: Forms, Website: "https://www.netlify.com/platform/core/forms/", Rules: []Rule{
		HTML(`data-netlify="true"`, 0.9),
	}, Implies: []string{"Netlify"}},
	{Name: "Formstack", Category: Forms, Website: "https://www.formstack.com", Rules: []Rule{
		ScriptHost("formstack.com", 0.9),
		IframeHost("formstack.com", 0.9),
	}},
}

var consentTechs = []Technology{
	{Name: "OneTrust", Category: ConsentManagement, Website: "https://www.onetrust.com", Rules: []Rule{
		ScriptHost("cdn.cookielaw.org", 0.95),
		ScriptHost("optanon.blob.core.windows.net", 0.9),
		HTML(`function OptanonWrapper()`, 0.9),
		Cookie("OptanonConsent", 0.95),
		Cookie("OptanonAlertBoxClosed", 0.9),
	}},
	{Name: "Cookiebot", Category: ConsentManagement, Website: "https://www.cookiebot.com", Rules: []Rule{
		ScriptHost("consent.cookiebot.com", 0.95),
		HTML(`consent.cookiebot.com/uc.js`, 0.9),
		Cookie("CookieConsent", 0.5),
	}},
	{Name: "TrustArc", Category: ConsentManagement, Website: "https://trustarc.com", Rules: []Rule{
		ScriptHost("consent.trustarc.com", 0.95),
		ScriptHost("consent.truste.com", 0.95),
		Cookie("notice_behavior", 0.8),
	}},
	{Name: "Didomi", Category: ConsentManagement, Website: "https://www.didomi.io", Rules: []Rule{
		ScriptHost("sdk.privacy-center.org", 0.95),
		Cookie("didomi_token", 0.95),
	}},
	{Name: "Usercentrics", Category: ConsentManagement, Website: "https://usercentrics.com", Rules: []Rule{
		ScriptHost("app.usercentrics.eu", 0.95),
		ScriptHost("web.cmp.usercentrics.eu", 0.95),
	}},
	{Name: "Osano", Category: ConsentManagement, Website: "https://www.osano.com", Rules: []Rule{
		ScriptHost("cmp.osano.com", 0.95),
	}},
	{Name: "Termly", Category: ConsentManagement, Website: "https://termly.io", Rules: []Rule{
		ScriptHost("app.termly.io", 0.95),
	}},
	{Name: "Quantcast Choice", Category: ConsentManagement, Website: "https://www.quantcast.com/products/choice-consent-management-platform/", Rules: []Rule{
		ScriptHost("cmp.quantcast.com", 0.95),
	}},
	{Name: "CookieYes", Category: ConsentManagement, Website: "https://www.cookieyes.com", Rules: []Rule{
		ScriptHost("cdn-cookieyes.com", 0.95),
		Cookie("cookieyes-consent", 0.95),
	}},
	{Name: "iubenda", Category: ConsentManagement, Website: "https://www.iubenda.com", Rules: []Rule{
		ScriptHost("cdn.iubenda.com", 0.95),
	}},
	{Name: "Complianz", Category: ConsentManagement, Website: "https://complianz.io", Rules: []Rule{
		Script(`/plugins/complianz-gdpr/`, 0.95),
		CookiePrefix("cmplz_", 0.85),
	}, Implies: []string{"WordPress"}},
}

var videoTechs = []Technology{
	{Name: "Vimeo", Category: Video, Website: "https://vimeo.com", Rules: []Rule{
		IframeHost("player.vimeo.com", 0.95),
		ScriptHost("player.vimeo.com", 0.9),
		HTML(`player.vimeo.com/video/`, 0.9),
		// A video file served from Vimeo (<video src>, <source src>).
		HTML(`player.vimeo.com/external/`, 0.85),
	}},
	{Name: "Wistia", Category: Video, Website: "https://wistia.com", Rules: []Rule{
		ScriptHost("fast.wistia.com", 0.95),
		ScriptHost("fast.wistia.net", 0.95),
		IframeHost("wistia.net", 0.9),
		HTML(`class="wistia_embed`, 0.9),
	}},
	{Name: "YouTube", Category: Video, Website: "https://www.youtube.com", Rules: []Rule{
		Iframe(`youtube(?:-nocookie)?\.com/embed/`, 0.95),
		Script(`youtube\.com/iframe_api`, 0.95),
		HTMLRe(`.com/embed/`, `youtube(?:-nocookie)?\.com/embed/`, 0.85),
	}},
	{Name: "Vidyard", Category: Video, Website: "https://www.vidyard.com", Rules: []Rule{
		ScriptHost("play.vidyard.com", 0.95),
		IframeHost("play.vidyard.com", 0.95),
	}},
	{Name: "Loom", Category: Video, Website: "https://www.loom.com", Rules: []Rule{
		Iframe(`loom\.com/embed/`, 0.95),
	}},
	{Name: "JW Player", Category: Video, Website: "https://jwplayer.com", Rules: []Rule{
		ScriptHost("jwpcdn.com", 0.95),
		ScriptHost("jwplatform.com", 0.9),
	}},
	{Name: "Brightcove", Category: Video, Website: "https://www.brightcove.com", Rules: []Rule{
		ScriptHost("players.brightcove.net", 0.95),
		IframeHost("players.brightcove.net", 0.95),
	}},
	{Name: "Mux", Category: Video, Website: "https://www.mux.com", Rules: []Rule{
		HTML(`stream.mux.com/`, 0.85),
		HTML(`<mux-player`, 0.9),
	}},
	{Name: "Video.js", Category: Video, Website: "https://videojs.com", Rules: []Rule{
		ScriptHost("vjs.zencdn.net", 0.9),
		Link(`video-js(?:\.min)?\.css`, 0.9),
	}},
}

var fontTechs = []Technology{
	{Name: "Google Fonts", Category: Fonts, Website: "https://fonts.google.com", Rules: []Rule{
		LinkHost("fonts.googleapis.com", 0.95),
		HTML(`fonts.googleapis.com/css`, 0.9),
		HTML(`fonts.gstatic.com/`, 0.8),
	}},
	{Name: "Adobe Fonts", Category: Fonts, Website: "https://fonts.adobe.com", Rules: []Rule{
		LinkHost("use.typekit.net", 0.95),
		ScriptHost("use.typekit.net", 0.95),
		LegacyHost("use.typekit.com", 0.9),
		HTML(`use.typekit.net/`, 0.9),
		HTML(`p.typekit.net/`, 0.85),
	}},
	{Name: "Font Awesome", Category: Fonts, Website: "https://fontawesome.com", Rules: []Rule{
		ScriptHost("kit.fontawesome.com", 0.95),
		LinkHost("use.fontawesome.com", 0.95),
		Link(`font-?awesome(?:[./@-]|$)`, 0.9),
		Script(`font-?awesome(?:[./@-]|$)`, 0.9),
	}},
	{Name: "Fonts.com", Category: Fonts, Website: "https://www.fonts.com", Rules: []Rule{
		LinkHost("fast.fonts.net", 0.95),
		ScriptHost("fast.fonts.net", 0.95),
	}},
	{Name: "Bunny Fonts", Category: Fonts, Website: "https://fonts.bunny.net", Rules: []Rule{
		LinkHost("fonts.bunny.net", 0.95),
	}},
	{Name: "Cloud.typography", Category: Fonts, Website: "https://www.typography.com", Rules: []Rule{
		LinkHost("cloud.typography.com", 0.95),
	}},
}

var searchTechs = []Technology{
	{Name: "Algolia", Category: Search, Website: "https://www.algolia.com", Rules: []Rule{
		Script(`algoliasearch(?:[./@-]|$)`, 0.9),
		Script(`@docsearch/`, 0.9),
		Link(`@docsearch/`, 0.85),
		HTMLRe(`algolia.net`, `[a-zA-Z0-9]+-dsn\.algolia\.net`, 0.85),
		ScriptHost("algolianet.com", 0.85),
	}},
	{Name: "Swiftype", Category: Search, Website: "https://swiftype.com", Rules: []Rule{
		ScriptHost("s.swiftypecdn.com", 0.95),
	}},
	{Name: "Coveo", Category: Search, Website: "https://www.coveo.com", Rules: []Rule{
		ScriptHost("static.cloud.coveo.com", 0.95),
	}},
	{Name: "Klevu", Category: Search, Website: "https://www.klevu.com", Rules: []Rule{
		ScriptHost("js.klevu.com", 0.95),
	}},
	{Name: "Searchspring", Category: Search, Website: "https://searchspring.com", Rules: []Rule{
		ScriptHost("cdn.searchspring.net", 0.95),
	}},
	{Name: "Google Programmable Search", Category: Search, Website: "https://programmablesearchengine.google.com", Rules: []Rule{
		Script(`cse\.google\.com/cse\.js`, 0.95),
		HTML(`class="gcse-search"`, 0.9),
	}},
}

var identityTechs = []Technology{
	{Name: "Okta", Category: Identity, Website: "https://www.okta.com", Rules: []Rule{
		ScriptHost("oktacdn.com", 0.95),
		LinkHost("oktacdn.com", 0.9),
		HTMLRe(`.okta.com`, `https://[a-z0-9-]+\.okta\.com/`, 0.6),
	}},
	{Name: "Auth0", Category: Identity, Website: "https://auth0.com", Rules: []Rule{
		ScriptHost("cdn.auth0.com", 0.95),
		HTMLRe(`auth0.com`, `https://[a-z0-9-]+(?:\.[a-z]{2})?\.auth0\.com/`, 0.6),
	}},
	{Name: "Sign in with Google", Category: Identity, Website: "https://developers.google.com/identity/gsi/web", Rules: []Rule{
		Script(`accounts\.google\.com/gsi/client`, 0.95),
		HTML(`id="g_id_onload"`, 0.9),
	}},
	{Name: "Sign in with Apple", Category: Identity, Website: "https://developer.apple.com/sign-in-with-apple/", Rules: []Rule{
		Script(`appleid\.cdn-apple\.com/appleauth/`, 0.95),
	}},
	{Name: "Clerk", Category: Identity, Website: "https://clerk.com", Rules: []Rule{
		Script(`@clerk/clerk-js`, 0.95),
		ScriptHost("clerk.accounts.dev", 0.95),
	}},
	{Name: "Microsoft Entra ID", Category: Identity, Website: "https://www.microsoft.com/security/business/identity-access/microsoft-entra-id", Rules: []Rule{
		HTML(`login.microsoftonline.com/`, 0.6),
		Script(`alcdn\.msauth\.net/`, 0.9),
	}},
	{Name: "Amazon Cognito", Category: Identity, Website: "https://aws.amazon.com/cognito/", Rules: []Rule{
		HTMLRe(`amazoncognito.com`, `[a-z0-9-]+\.auth\.[a-z0-9-]+\.amazoncognito\.com`, 0.8),
	}},
}
