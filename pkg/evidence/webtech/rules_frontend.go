package webtech

// Front-end frameworks and libraries, UI toolkits and payment widgets.

var jsFrameworkTechs = []Technology{
	{Name: "React", Category: JavaScriptFramework, Website: "https://react.dev", Rules: []Rule{
		HTML(`data-reactroot`, 0.9),
		HTML(`data-reactid=`, 0.9),
		Script(`react(?:-dom)?@`+ver, 0.9),
		Script(`/react(?:-dom)?(?:\.production)?(?:\.min)?\.js`, 0.85),
	}},
	{Name: "Next.js", Category: JavaScriptFramework, Website: "https://nextjs.org", Rules: []Rule{
		HTML(`id="__NEXT_DATA__"`, 0.95),
		Script(`/_next/static/`, 0.95),
		Header("X-Powered-By", `^Next\.js(?: `+ver+`)?`, 0.95),
		HTML(`/_next/static/`, 0.9),
		Header("X-Nextjs-Cache", "", 0.9),
	}, Implies: []string{"React"}},
	{Name: "Gatsby", Category: JavaScriptFramework, Website: "https://www.gatsbyjs.com", Rules: []Rule{
		Meta("generator", `^Gatsby(?: `+ver+`)?`, 0.95),
		HTML(`id="___gatsby"`, 0.95),
		Link(`/page-data/`, 0.6),
	}, Implies: []string{"React"}},
	{Name: "Remix", Category: JavaScriptFramework, Website: "https://remix.run", Rules: []Rule{
		HTML(`window.__remixContext`, 0.95),
		HTML(`window.__remixManifest`, 0.95),
	}, Implies: []string{"React"}},
	{Name: "Vue.js", Category: JavaScriptFramework, Website: "https://vuejs.org", Rules: []Rule{
		HTMLRe(`data-v-`, `\sdata-v-[0-9a-f]{8}[\s=>]`, 0.8),
		Script(`vue@`+ver, 0.9),
		Script(`/vue(?:\.runtime)?(?:\.global)?(?:\.prod)?(?:\.min)?\.js`, 0.85),
		HTML(`data-server-rendered="true"`, 0.6),
	}},
	{Name: "Nuxt", Category: JavaScriptFramework, Website: "https://nuxt.com", Rules: []Rule{
		HTML(`window.__NUXT__`, 0.95),
		HTML(`id="__nuxt"`, 0.9),
		Script(`/_nuxt/`, 0.9),
		Link(`/_nuxt/`, 0.85),
	}, Implies: []string{"Vue.js"}},
	{Name: "Angular", Category: JavaScriptFramework, Website: "https://angular.dev", Rules: []Rule{
		HTMLRe(`ng-version=`, `ng-version="`+ver, 0.95),
		HTMLRe(`_nghost-`, `\s_nghost-[a-z0-9-]+`, 0.85),
	}},
	{Name: "AngularJS", Category: JavaScriptFramework, Website: "https://angularjs.org", Rules: []Rule{
		Script(`angular(?:js)?@`+ver, 0.9),
		Script(`/angular(?:\.min)?\.js`, 0.85),
		HTMLRe(`ng-app`, `\sng-app(?:=|\s|>)`, 0.75),
	}},
	{Name: "Svelte", Category: JavaScriptFramework, Website: "https://svelte.dev", Rules: []Rule{
		HTMLRe(`svelte-`, `class="[^"]*\bsvelte-[a-z0-9]{5,8}\b`, 0.8),
	}},
	{Name: "SvelteKit", Category: JavaScriptFramework, Website: "https://svelte.dev/docs/kit", Rules: []Rule{
		HTML(`__sveltekit_`, 0.95),
		Script(`/_app/immutable/`, 0.9),
		Link(`/_app/immutable/`, 0.85),
	}, Implies: []string{"Svelte"}},
	{Name: "Astro", Category: JavaScriptFramework, Website: "https://astro.build", Rules: []Rule{
		Meta("generator", `^Astro(?: v`+ver+`)?`, 0.95),
		HTML(`<astro-island`, 0.9),
	}},
	{Name: "Ember.js", Category: JavaScriptFramework, Website: "https://emberjs.com", Rules: []Rule{
		HTML(`class="ember-view`, 0.85),
		Script(`/ember(?:\.min|\.prod|\.debug)?\.js`, 0.8),
	}},
	{Name: "jQuery", Category: JavaScriptFramework, Website: "https://jquery.com", Rules: []Rule{
		Script(`jquery[-.]`+ver+`(?:\.slim)?(?:\.min)?(?:\.[0-9a-f]{6,})?\.js`, 0.95),
		Script(`/jquery/`+ver+`/jquery`, 0.95),
		Script(`jquery@`+ver, 0.95),
		Script(`/jquery(?:\.slim)?(?:\.min)?(?:\.[0-9a-f]{8,})?\.js(?:\?ver=`+ver+`)?`, 0.9),
		// jQuery Migrate runs only on top of jQuery.
		Script(`/jquery-migrate(?:-\d+(?:\.\d+)*)?(?:\.min)?\.js`, 0.85),
	}},
	{Name: "Alpine.js", Category: JavaScriptFramework, Website: "https://alpinejs.dev", Rules: []Rule{
		Script(`alpinejs(?:@`+ver+`)?`, 0.9),
	}},
	{Name: "htmx", Category: JavaScriptFramework, Website: "https://htmx.org", Rules: []Rule{
		Script(`htmx(?:\.org)?(?:@`+ver+`)?(?:/dist/htmx)?(?:\.min)?\.js`, 0.9),
		HTMLRe(`hx-`, `\shx-(?:get|post|put|delete|patch)="`, 0.6),
	}},
	{Name: "Modernizr", Category: JavaScriptFramework, Website: "https://modernizr.com", Rules: []Rule{
		Script(`modernizr`, 0.85),
	}},
	{Name: "Lodash", Category: JavaScriptFramework, Website: "https://lodash.com", Rules: []Rule{
		Script(`lodash@`+ver+`|/lodash(?:\.min)?\.js|/lodash(?:\.js)?/`, 0.85),
	}},
}

var uiFrameworkTechs = []Technology{
	{Name: "Bootstrap", Category: UIFramework, Website: "https://getbootstrap.com", Rules: []Rule{
		Link(`bootstrap@`+ver, 0.95),
		Script(`bootstrap@`+ver, 0.95),
		Link(`/bootstrap/`+ver+`/`, 0.9),
		Link(`(?:^|/)bootstrap(?:\.min)?\.css`, 0.9),
		Script(`(?:^|/)bootstrap(?:\.bundle)?(?:\.min)?\.js`, 0.85),
	}},
	{Name: "Tailwind CSS", Category: UIFramework, Website: "https://tailwindcss.com", Rules: []Rule{
		ScriptHost("cdn.tailwindcss.com", 0.95),
		Link(`tailwind(?:css)?(?:\.min)?\.css|tailwindcss@`, 0.85),
		HTMLRe(`--tw-`, `--tw-(?:ring|shadow|translate|rotate|border-spacing|space)[a-z-]*\s*:`, 0.8),
	}},
	{Name: "Bulma", Category: UIFramework, Website: "https://bulma.io", Rules: []Rule{
		Link(`bulma(?:@`+ver+`)?(?:/css/bulma)?(?:\.min)?\.css`, 0.9),
	}},
	{Name: "Foundation", Category: UIFramework, Website: "https://get.foundation", Rules: []Rule{
		Link(`foundation(?:-sites)?(?:@`+ver+`)?(?:/dist/css/foundation)?(?:\.min)?\.css`, 0.85),
		Script(`(?:^|/)foundation(?:\.min)?\.js`, 0.8),
	}},
	{Name: "Material UI", Category: UIFramework, Website: "https://mui.com", Rules: []Rule{
		HTMLRe(`Mui`, `class="[^"]*\bMui[A-Z][A-Za-z]+-root\b`, 0.85),
	}, Implies: []string{"React"}},
}

var paymentTechs = []Technology{
	{Name: "Stripe", Category: Payments, Website: "https://stripe.com", Rules: []Rule{
		ScriptHost("js.stripe.com", 0.95),
		IframeHost("js.stripe.com", 0.9),
		ScriptHost("m.stripe.network", 0.9),
		HTML(`buy.stripe.com/`, 0.8),
		HTML(`checkout.stripe.com/`, 0.8),
		Cookie("__stripe_mid", 0.9),
		Cookie("__stripe_sid", 0.9),
		TXT("stripe-verification=", 0.7),
	}},
	{Name: "PayPal", Category: Payments, Website: "https://www.paypal.com", Rules: []Rule{
		Script(`paypal\.com/sdk/js`, 0.95),
		ScriptHost("paypalobjects.com", 0.9),
		HTML(`paypal.com/cgi-bin/webscr`, 0.9),
	}},
	{Name: "Braintree", Category: Payments, Website: "https://www.braintreepayments.com", Rules: []Rule{
		ScriptHost("js.braintreegateway.com", 0.95),
		ScriptHost("assets.braintreegateway.com", 0.9),
	}},
	{Name: "Adyen", Category: Payments, Website: "https://www.adyen.com", Rules: []Rule{
		ScriptHost("adyen.com", 0.95),
		LinkHost("adyen.com", 0.9),
		ScriptHost("adyenpayments.com", 0.9),
	}},
	{Name: "Klarna", Category: Payments, Website: "https://www.klarna.com", Rules: []Rule{
		ScriptHost("klarnacdn.net", 0.95),
		ScriptHost("klarna.com", 0.9),
		HTML(`<klarna-placement`, 0.9),
	}},
	{Name: "Afterpay", Category: Payments, Website: "https://www.afterpay.com", Rules: []Rule{
		ScriptHost("js.afterpay.com", 0.95),
		HTML(`<afterpay-placement`, 0.9),
	}},
	{Name: "Affirm", Category: Payments, Website: "https://www.affirm.com", Rules: []Rule{
		Script(`cdn1(?:-sandbox)?\.affirm\.com/js/`, 0.95),
		HTML(`class="affirm-as-low-as"`, 0.9),
	}},
	{Name: "Square", Category: Payments, Website: "https://squareup.com", Rules: []Rule{
		ScriptHost("web.squarecdn.com", 0.95),
		ScriptHost("js.squareup.com", 0.95),
	}},
	{Name: "Authorize.net", Category: Payments, Website: "https://www.authorize.net", Rules: []Rule{
		ScriptHost("js.authorize.net", 0.95),
		ScriptHost("jstest.authorize.net", 0.95),
		HTML(`accept.authorize.net/`, 0.85),
	}},
	{Name: "Checkout.com", Category: Payments, Website: "https://www.checkout.com", Rules: []Rule{
		ScriptHost("cdn.checkout.com", 0.95),
	}},
	{Name: "Paddle", Category: Payments, Website: "https://www.paddle.com", Rules: []Rule{
		ScriptHost("cdn.paddle.com", 0.95),
	}},
	{Name: "Chargebee", Category: Payments, Website: "https://www.chargebee.com", Rules: []Rule{
		ScriptHost("js.chargebee.com", 0.95),
	}},
	{Name: "Recurly", Category: Payments, Website: "https://recurly.com", Rules: []Rule{
		ScriptHost("js.recurly.com", 0.95),
	}},
	{Name: "Google Pay", Category: Payments, Website: "https://pay.google.com", Rules: []Rule{
		Script(`pay\.google\.com/gp/p/js/pay\.js`, 0.95),
	}},
	{Name: "Amazon Pay", Category: Payments, Website: "https://pay.amazon.com", Rules: []Rule{
		ScriptHost("payments-amazon.com", 0.95),
	}},
	{Name: "Mollie", Category: Payments, Website: "https://www.mollie.com", Rules: []Rule{
		ScriptHost("js.mollie.com", 0.95),
	}},
	{Name: "Razorpay", Category: Payments, Website: "https://razorpay.com", Rules: []Rule{
		ScriptHost("checkout.razorpay.com", 0.95),
	}},
	{Name: "Lemon Squeezy", Category: Payments, Website: "https://www.lemonsqueezy.com", Rules: []Rule{
		Script(`lemonsqueezy\.com/js/lemon\.js`, 0.95),
	}},
}
